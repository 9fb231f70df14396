import { COUNTRY_CENTROIDS } from './country-centroids'

/**
 * Major seaports, airports and trade cities by UN/LOCODE (whose first two letters are the country): the English name
 * first, then other names people type — local and former names, terminals, 简体 and 繁體 Chinese — and where it lies.
 */
const PLACE_ROWS: readonly (readonly [locode: string, names: string, lat: number, lon: number])[] = [
  // China, Hong Kong, Macao, Taiwan
  ['CNSHA', 'Shanghai|上海|Yangshan|洋山|Waigaoqiao|外高桥|外高橋|Pudong|浦东|浦東', 31.23, 121.47],
  ['CNNGB', 'Ningbo|宁波|寧波|Ningbo-Zhoushan|宁波舟山|寧波舟山|Beilun|北仑|北侖', 29.87, 121.55],
  ['CNSZX', 'Shenzhen|深圳|Bao’an|宝安|寶安', 22.54, 114.06],
  ['CNYTN', 'Yantian|盐田|鹽田', 22.57, 114.27],
  ['CNSHK', 'Shekou|蛇口', 22.48, 113.91],
  ['CNCWN', 'Chiwan|赤湾|赤灣', 22.47, 113.88],
  ['CNCAN', 'Guangzhou|广州|廣州|Canton|Huangpu|黄埔|黃埔', 23.13, 113.26],
  ['CNNSA', 'Nansha|南沙', 22.75, 113.6],
  ['CNDGG', 'Dongguan|东莞|東莞|Humen|虎门|虎門', 23.02, 113.75],
  ['CNFOS', 'Foshan|佛山', 23.02, 113.12],
  ['CNZSN', 'Zhongshan|中山', 22.52, 113.39],
  ['CNZUH', 'Zhuhai|珠海', 22.27, 113.58],
  ['CNJMN', 'Jiangmen|江门|江門', 22.58, 113.08],
  ['CNTAO', 'Qingdao|青岛|青島|Tsingtao', 36.07, 120.38],
  ['CNTSN', 'Tianjin|天津|Xingang|新港|Tianjin Xingang|天津新港', 39.08, 117.2],
  ['CNXMN', 'Xiamen|厦门|廈門|Amoy', 24.48, 118.09],
  ['CNFOC', 'Fuzhou|福州', 26.07, 119.3],
  ['CNDLC', 'Dalian|大连|大連', 38.91, 121.6],
  ['CNYNT', 'Yantai|烟台|煙台', 37.46, 121.45],
  ['CNRZH', 'Rizhao|日照', 35.42, 119.53],
  ['CNLYG', 'Lianyungang|连云港|連雲港', 34.6, 119.22],
  ['CNNKG', 'Nanjing|南京', 32.06, 118.8],
  ['CNZJG', 'Zhangjiagang|张家港|張家港', 31.87, 120.54],
  ['CNTAG', 'Taicang|太仓|太倉', 31.45, 121.1],
  ['CNHGH', 'Hangzhou|杭州', 30.27, 120.16],
  ['CNWNZ', 'Wenzhou|温州|溫州', 28.0, 120.67],
  ['CNYIW', 'Yiwu|义乌|義烏', 29.31, 120.08],
  ['CNWUH', 'Wuhan|武汉|武漢', 30.59, 114.3],
  ['CNCKG', 'Chongqing|重庆|重慶', 29.56, 106.55],
  ['CNCTU', 'Chengdu|成都', 30.66, 104.07],
  ['CNBJS', 'Beijing|北京|Peking', 39.9, 116.4],
  ['CNHAK', 'Haikou|海口', 20.04, 110.34],
  ['HKHKG', 'Hong Kong|香港|Kwai Chung|葵涌|Chek Lap Kok|赤鱲角', 22.32, 114.17],
  ['MOMFM', 'Macao|Macau|澳门|澳門', 22.2, 113.55],
  ['TWKHH', 'Kaohsiung|高雄', 22.62, 120.3],
  ['TWKEL', 'Keelung|基隆', 25.13, 121.74],
  ['TWTPE', 'Taipei|台北|臺北|Taoyuan|桃园|桃園', 25.03, 121.56],
  ['TWTXG', 'Taichung|台中|臺中', 24.15, 120.67],
  // Japan, Korea, Russian Far East
  ['JPTYO', 'Tokyo|东京|東京|Narita|成田|Haneda|羽田', 35.68, 139.76],
  ['JPYOK', 'Yokohama|横滨|橫濱', 35.44, 139.64],
  ['JPNGO', 'Nagoya|名古屋', 35.1, 136.88],
  ['JPOSA', 'Osaka|大阪|Kansai|关西|關西', 34.69, 135.5],
  ['JPUKB', 'Kobe|神户|神戶', 34.69, 135.2],
  ['JPHKT', 'Hakata|博多|Fukuoka|福冈|福岡', 33.6, 130.4],
  ['KRPUS', 'Busan|Pusan|釜山', 35.1, 129.04],
  ['KRINC', 'Incheon|仁川', 37.46, 126.6],
  ['KRSEL', 'Seoul|首尔|首爾', 37.57, 126.98],
  ['KRKAN', 'Gwangyang|光阳|光陽', 34.9, 127.7],
  ['RUVVO', 'Vladivostok|符拉迪沃斯托克|海参崴|海參崴', 43.12, 131.89],
  // South-east and South Asia
  ['SGSIN', 'Singapore|新加坡|Changi|樟宜|Pasir Panjang|Tuas|大士', 1.29, 103.85],
  ['MYPKG', 'Port Klang|巴生港|Klang|巴生|Westport|Northport', 3.0, 101.39],
  ['MYTPP', 'Tanjung Pelepas|丹绒帕拉帕斯|丹戎帕拉帕斯', 1.36, 103.55],
  ['MYPEN', 'Penang|槟城|檳城|George Town', 5.41, 100.33],
  ['MYKUL', 'Kuala Lumpur|吉隆坡', 3.14, 101.69],
  ['THLCH', 'Laem Chabang|林查班', 13.08, 100.88],
  ['THBKK', 'Bangkok|曼谷|Suvarnabhumi|素万那普|素萬那普', 13.76, 100.5],
  ['VNSGN', 'Ho Chi Minh City|胡志明市|Saigon|西贡|西貢|Cat Lai', 10.78, 106.7],
  ['VNCMT', 'Cai Mep|盖梅|蓋梅|Vung Tau|头顿|頭頓', 10.54, 107.03],
  ['VNHPH', 'Haiphong|Hai Phong|海防', 20.86, 106.68],
  ['VNHAN', 'Hanoi|河内|河內', 21.03, 105.85],
  ['VNDAD', 'Da Nang|岘港|峴港', 16.05, 108.2],
  ['KHPNH', 'Phnom Penh|金边|金邊', 11.56, 104.92],
  ['KHKOS', 'Sihanoukville|西哈努克|Kampong Saom', 10.63, 103.5],
  ['MMRGN', 'Yangon|Rangoon|仰光', 16.78, 96.16],
  ['IDJKT', 'Jakarta|雅加达|雅加達|Tanjung Priok|丹戎不碌', -6.1, 106.88],
  ['IDSUB', 'Surabaya|泗水', -7.2, 112.73],
  ['IDSRG', 'Semarang|三宝垄|三寶壟', -6.95, 110.42],
  ['PHMNL', 'Manila|马尼拉|馬尼拉', 14.6, 120.98],
  ['PHCEB', 'Cebu|宿务|宿霧', 10.31, 123.89],
  ['BDCGP', 'Chittagong|Chattogram|吉大港', 22.33, 91.83],
  ['BDDAC', 'Dhaka|达卡|達卡', 23.81, 90.41],
  ['LKCMB', 'Colombo|科伦坡|科倫坡', 6.93, 79.85],
  ['INNSA', 'Nhava Sheva|Jawaharlal Nehru|JNPT|那瓦舍瓦|贾瓦哈拉尔·尼赫鲁', 18.95, 72.95],
  ['INBOM', 'Mumbai|Bombay|孟买|孟買', 19.08, 72.88],
  ['INMUN', 'Mundra|蒙德拉', 22.74, 69.7],
  ['INPAV', 'Pipavav', 20.9, 71.5],
  ['INMAA', 'Chennai|Madras|金奈', 13.08, 80.27],
  ['INCCU', 'Kolkata|Calcutta|加尔各答|加爾各答', 22.57, 88.36],
  ['INDEL', 'Delhi|New Delhi|新德里|德里', 28.61, 77.21],
  ['INBLR', 'Bengaluru|Bangalore|班加罗尔|班加羅爾', 12.97, 77.59],
  ['PKKHI', 'Karachi|卡拉奇', 24.85, 67.0],
  // Middle East
  ['AEJEA', 'Jebel Ali|杰贝阿里|傑貝阿里', 25.01, 55.06],
  ['AEDXB', 'Dubai|迪拜|杜拜', 25.2, 55.27],
  ['AEAUH', 'Abu Dhabi|阿布扎比|阿布達比|Khalifa Port', 24.45, 54.38],
  ['OMSLL', 'Salalah|塞拉莱|塞拉萊', 16.95, 54.0],
  ['OMSOH', 'Sohar|苏哈尔|蘇哈爾', 24.36, 56.73],
  ['SAJED', 'Jeddah|Jiddah|吉达|吉達', 21.49, 39.19],
  ['SADMM', 'Dammam|达曼|達曼', 26.43, 50.1],
  ['SARUH', 'Riyadh|利雅得', 24.71, 46.68],
  ['QADOH', 'Doha|多哈|Hamad', 25.29, 51.53],
  ['KWKWI', 'Kuwait|科威特|Shuwaikh', 29.37, 47.98],
  ['BHBAH', 'Bahrain|Manama|巴林|麦纳麦|麥納麥|Khalifa Bin Salman', 26.22, 50.58],
  ['IRBND', 'Bandar Abbas|阿巴斯港', 27.18, 56.27],
  ['ILHFA', 'Haifa|海法', 32.82, 35.0],
  ['ILASH', 'Ashdod|阿什杜德', 31.8, 34.64],
  ['JOAQJ', 'Aqaba|亚喀巴|亞喀巴', 29.53, 35.0],
  ['TRIST', 'Istanbul|伊斯坦布尔|伊斯坦堡|Ambarli', 41.01, 28.98],
  ['TRMER', 'Mersin|梅尔辛|梅爾辛', 36.8, 34.63],
  ['TRIZM', 'Izmir|伊兹密尔|伊茲密爾', 38.42, 27.14],
  // Europe
  ['NLRTM', 'Rotterdam|鹿特丹|Maasvlakte', 51.92, 4.48],
  ['NLAMS', 'Amsterdam|阿姆斯特丹|Schiphol|史基浦', 52.37, 4.9],
  ['BEANR', 'Antwerp|Antwerpen|Anvers|安特卫普|安特衛普', 51.22, 4.4],
  ['BEZEE', 'Zeebrugge|泽布吕赫|澤布呂赫', 51.33, 3.2],
  ['BEBRU', 'Brussels|布鲁塞尔|布魯塞爾', 50.85, 4.35],
  ['BELGG', 'Liège|Liege|列日', 50.63, 5.57],
  ['DEHAM', 'Hamburg|汉堡|漢堡', 53.55, 9.99],
  ['DEBRV', 'Bremerhaven|不来梅港|不來梅港', 53.54, 8.58],
  ['DEFRA', 'Frankfurt|Frankfurt am Main|法兰克福|法蘭克福', 50.11, 8.68],
  ['DEMUC', 'Munich|München|慕尼黑', 48.14, 11.58],
  ['DEDUS', 'Düsseldorf|Dusseldorf|杜塞尔多夫|杜塞爾多夫', 51.23, 6.78],
  ['DEDUI', 'Duisburg|杜伊斯堡', 51.43, 6.76],
  ['DEBER', 'Berlin|柏林', 52.52, 13.4],
  ['GBFXT', 'Felixstowe|费利克斯托|費利克斯托', 51.96, 1.35],
  ['GBSOU', 'Southampton|南安普敦|南安普頓', 50.9, -1.4],
  ['GBLGP', 'London Gateway|伦敦门户港|倫敦門戶港', 51.5, 0.48],
  ['GBLON', 'London|伦敦|倫敦|Heathrow|希思罗|希斯路', 51.51, -0.13],
  ['GBMNC', 'Manchester|曼彻斯特|曼徹斯特', 53.48, -2.24],
  ['IEDUB', 'Dublin|都柏林', 53.35, -6.26],
  ['FRLEH', 'Le Havre|勒阿弗尔|勒阿弗爾', 49.49, 0.11],
  ['FRMRS', 'Marseille|Marseilles|马赛|馬賽|Fos-sur-Mer', 43.3, 5.37],
  ['FRPAR', 'Paris|巴黎|Charles de Gaulle|戴高乐|戴高樂', 48.86, 2.35],
  ['ESVLC', 'Valencia|瓦伦西亚|瓦倫西亞', 39.45, -0.32],
  ['ESALG', 'Algeciras|阿尔赫西拉斯|阿爾赫西拉斯', 36.13, -5.44],
  ['ESBCN', 'Barcelona|巴塞罗那|巴塞隆拿|巴塞隆納', 41.35, 2.17],
  ['ESMAD', 'Madrid|马德里|馬德里', 40.42, -3.7],
  ['PTSIE', 'Sines|锡尼什|錫尼什', 37.95, -8.87],
  ['PTLIS', 'Lisbon|Lisboa|里斯本', 38.72, -9.14],
  ['ITGOA', 'Genoa|Genova|热那亚|熱那亞', 44.41, 8.93],
  ['ITSPE', 'La Spezia|拉斯佩齐亚|拉斯佩齊亞', 44.1, 9.82],
  ['ITGIT', 'Gioia Tauro|焦亚陶罗|焦亞陶羅', 38.44, 15.9],
  ['ITTRS', 'Trieste|的里雅斯特', 45.65, 13.77],
  ['ITVCE', 'Venice|Venezia|威尼斯', 45.44, 12.32],
  ['ITMIL', 'Milan|Milano|米兰|米蘭', 45.46, 9.19],
  ['MTMAR', 'Marsaxlokk|马尔萨什洛克|Malta Freeport|马耳他|馬耳他', 35.83, 14.54],
  ['GRPIR', 'Piraeus|比雷埃夫斯|比雷埃夫斯港', 37.94, 23.64],
  ['SIKOP', 'Koper|科佩尔|科佩爾', 45.55, 13.73],
  ['ROCND', 'Constanța|Constanta|康斯坦察', 44.17, 28.63],
  ['PLGDN', 'Gdańsk|Gdansk|格但斯克', 54.35, 18.65],
  ['PLWAW', 'Warsaw|Warszawa|华沙|華沙', 52.23, 21.01],
  ['CZPRG', 'Prague|Praha|布拉格', 50.08, 14.44],
  ['ATVIE', 'Vienna|Wien|维也纳|維也納', 48.21, 16.37],
  ['HUBUD', 'Budapest|布达佩斯|布達佩斯', 47.5, 19.04],
  ['CHBSL', 'Basel|巴塞尔|巴塞爾', 47.56, 7.59],
  ['CHZRH', 'Zurich|Zürich|苏黎世|蘇黎世', 47.37, 8.54],
  ['DKAAR', 'Aarhus|奥胡斯|奧胡斯', 56.15, 10.21],
  ['DKCPH', 'Copenhagen|København|哥本哈根', 55.68, 12.57],
  ['SEGOT', 'Gothenburg|Göteborg|哥德堡', 57.7, 11.97],
  ['SESTO', 'Stockholm|斯德哥尔摩|斯德哥爾摩', 59.33, 18.07],
  ['NOOSL', 'Oslo|奥斯陆|奧斯陸', 59.91, 10.75],
  ['FIHEL', 'Helsinki|赫尔辛基|赫爾辛基', 60.17, 24.94],
  ['RULED', 'Saint Petersburg|St Petersburg|圣彼得堡|聖彼得堡', 59.93, 30.34],
  ['RUMOW', 'Moscow|莫斯科', 55.76, 37.62],
  ['GEPTI', 'Poti|波季', 42.15, 41.67],
  ['KZALA', 'Almaty|阿拉木图|阿拉木圖', 43.24, 76.89],
  ['UZTAS', 'Tashkent|塔什干', 41.3, 69.24],
  // North and Central America
  ['USLAX', 'Los Angeles|洛杉矶|洛杉磯|San Pedro', 33.74, -118.27],
  ['USLGB', 'Long Beach|长滩|長灘', 33.77, -118.19],
  ['USOAK', 'Oakland|奥克兰|奧克蘭', 37.8, -122.27],
  ['USSFO', 'San Francisco|旧金山|舊金山|三藩市', 37.77, -122.42],
  ['USSEA', 'Seattle|西雅图|西雅圖', 47.6, -122.33],
  ['USTIW', 'Tacoma|塔科马|塔科馬', 47.25, -122.44],
  ['USPDX', 'Portland|波特兰|波特蘭', 45.52, -122.68],
  ['USANC', 'Anchorage|安克雷奇', 61.22, -149.9],
  ['USNYC', 'New York|纽约|紐約|New York/New Jersey|JFK', 40.71, -74.0],
  ['USEWR', 'Newark|纽瓦克|紐瓦克', 40.7, -74.17],
  ['USBOS', 'Boston|波士顿|波士頓', 42.36, -71.06],
  ['USPHL', 'Philadelphia|费城|費城', 39.95, -75.17],
  ['USBAL', 'Baltimore|巴尔的摩|巴爾的摩', 39.27, -76.58],
  ['USORF', 'Norfolk|诺福克|諾福克', 36.85, -76.29],
  ['USCHS', 'Charleston|查尔斯顿|查爾斯頓', 32.78, -79.93],
  ['USSAV', 'Savannah|萨凡纳|薩凡納', 32.08, -81.09],
  ['USJAX', 'Jacksonville|杰克逊维尔|傑克遜維爾', 30.33, -81.66],
  ['USMIA', 'Miami|迈阿密|邁阿密', 25.77, -80.19],
  ['USMSY', 'New Orleans|新奥尔良|新奧爾良', 29.95, -90.07],
  ['USHOU', 'Houston|休斯敦|休斯頓', 29.76, -95.37],
  ['USDFW', 'Dallas-Fort Worth|Dallas|达拉斯|達拉斯', 32.9, -97.04],
  ['USATL', 'Atlanta|亚特兰大|亞特蘭大', 33.75, -84.39],
  ['USMEM', 'Memphis|孟菲斯', 35.15, -90.05],
  ['USCHI', "Chicago|芝加哥|O’Hare|O'Hare", 41.88, -87.63],
  ['USDET', 'Detroit|底特律', 42.33, -83.05],
  ['CAVAN', 'Vancouver|温哥华|溫哥華', 49.29, -123.11],
  ['CAPRR', 'Prince Rupert|鲁珀特王子港|魯珀特王子港', 54.31, -130.32],
  ['CATOR', 'Toronto|多伦多|多倫多', 43.65, -79.38],
  ['CAMTR', 'Montreal|Montréal|蒙特利尔|蒙特婁', 45.5, -73.57],
  ['CAHAL', 'Halifax|哈利法克斯', 44.65, -63.57],
  ['MXZLO', 'Manzanillo|曼萨尼约|曼薩尼約', 19.05, -104.32],
  ['MXLZC', 'Lázaro Cárdenas|Lazaro Cardenas|拉萨罗卡德纳斯', 17.96, -102.2],
  ['MXVER', 'Veracruz|韦拉克鲁斯|維拉克魯斯', 19.2, -96.13],
  ['MXMEX', 'Mexico City|墨西哥城', 19.43, -99.13],
  ['PABLB', 'Balboa|巴尔博亚|巴爾博亞', 8.95, -79.57],
  ['PAMIT', 'Manzanillo International|Colón|Colon|科隆', 9.36, -79.88],
  ['JMKIN', 'Kingston|金斯敦', 17.97, -76.79],
  ['DOCAU', 'Caucedo|考塞多', 18.42, -69.63],
  ['BSFPO', 'Freeport|弗里波特', 26.53, -78.7],
  // South America
  ['COCTG', 'Cartagena|卡塔赫纳|卡塔赫納', 10.39, -75.51],
  ['COBUN', 'Buenaventura|布埃纳文图拉|布埃納文圖拉', 3.88, -77.03],
  ['ECGYE', 'Guayaquil|瓜亚基尔|瓜亞基爾', -2.19, -79.89],
  ['PECLL', 'Callao|卡亚俄|卡亞俄|Lima|利马|利馬', -12.05, -77.15],
  ['CLSAI', 'San Antonio|圣安东尼奥|聖安東尼奧', -33.59, -71.61],
  ['CLVAP', 'Valparaíso|Valparaiso|瓦尔帕莱索|瓦爾帕萊索', -33.05, -71.62],
  ['CLSCL', 'Santiago|圣地亚哥|聖地牙哥', -33.45, -70.67],
  ['BRSSZ', 'Santos|桑托斯', -23.96, -46.33],
  ['BRSAO', 'São Paulo|Sao Paulo|圣保罗|聖保羅', -23.55, -46.63],
  ['BRRIO', 'Rio de Janeiro|里约热内卢|里約熱內盧', -22.91, -43.17],
  ['BRPNG', 'Paranaguá|Paranagua|巴拉那瓜', -25.52, -48.51],
  ['BRITJ', 'Itajaí|Itajai|伊塔雅伊', -26.91, -48.66],
  ['BRRIG', 'Rio Grande|里奥格兰德|里奧格蘭德', -32.03, -52.1],
  ['UYMVD', 'Montevideo|蒙得维的亚|蒙得維的亞', -34.9, -56.2],
  ['ARBUE', 'Buenos Aires|布宜诺斯艾利斯|布宜諾斯艾利斯', -34.6, -58.38],
  // Africa
  ['EGPSD', 'Port Said|塞得港', 31.26, 32.3],
  ['EGALY', 'Alexandria|亚历山大|亞歷山大', 31.2, 29.92],
  ['EGCAI', 'Cairo|开罗|開羅', 30.04, 31.24],
  ['MAPTM', 'Tanger Med|Tangier|丹吉尔|丹吉爾', 35.89, -5.5],
  ['MACAS', 'Casablanca|卡萨布兰卡|卡薩布蘭卡', 33.6, -7.62],
  ['DZALG', 'Algiers|阿尔及尔|阿爾及爾', 36.75, 3.06],
  ['TNTUN', 'Tunis|突尼斯', 36.8, 10.18],
  ['SNDKR', 'Dakar|达喀尔|達喀爾', 14.69, -17.44],
  ['CIABJ', 'Abidjan|阿比让|阿比讓', 5.3, -4.01],
  ['GHTEM', 'Tema|特马|特馬', 5.63, 0.02],
  ['TGLFW', 'Lomé|Lome|洛美', 6.13, 1.22],
  ['NGLOS', 'Lagos|拉各斯|Apapa|Tin Can', 6.45, 3.39],
  ['CMDLA', 'Douala|杜阿拉', 4.05, 9.7],
  ['AOLAD', 'Luanda|罗安达|羅安達', -8.84, 13.23],
  ['NAWVB', 'Walvis Bay|鲸湾港|鯨灣港', -22.96, 14.5],
  ['ZACPT', 'Cape Town|开普敦|開普敦', -33.92, 18.42],
  ['ZAPLZ', 'Port Elizabeth|Gqeberha|伊丽莎白港|伊麗莎白港', -33.96, 25.6],
  ['ZADUR', 'Durban|德班', -29.87, 31.03],
  ['ZAJNB', 'Johannesburg|约翰内斯堡|約翰內斯堡', -26.2, 28.05],
  ['MZMPM', 'Maputo|马普托|馬普托', -25.97, 32.57],
  ['TZDAR', 'Dar es Salaam|达累斯萨拉姆|達累斯薩拉姆', -6.82, 39.28],
  ['KEMBA', 'Mombasa|蒙巴萨|蒙巴薩', -4.04, 39.67],
  ['KENBO', 'Nairobi|内罗毕|內羅畢', -1.29, 36.82],
  ['ETADD', 'Addis Ababa|亚的斯亚贝巴|阿迪斯阿貝巴', 9.03, 38.74],
  ['DJJIB', 'Djibouti|吉布提', 11.59, 43.15],
  ['SDPZU', 'Port Sudan|苏丹港|蘇丹港', 19.6, 37.22],
  ['MUPLU', 'Port Louis|路易港', -20.16, 57.5],
  // Oceania
  ['AUSYD', 'Sydney|悉尼|雪梨|Port Botany', -33.87, 151.21],
  ['AUMEL', 'Melbourne|墨尔本|墨爾本', -37.81, 144.96],
  ['AUBNE', 'Brisbane|布里斯班', -27.47, 153.03],
  ['AUADL', 'Adelaide|阿德莱德|阿德萊德', -34.93, 138.6],
  ['AUFRE', 'Fremantle|弗里曼特尔|費里曼圖', -32.06, 115.74],
  ['AUPER', 'Perth|珀斯|柏斯', -31.95, 115.86],
  ['NZAKL', 'Auckland|奥克兰|奧克蘭', -36.85, 174.76],
  ['NZTRG', 'Tauranga|陶朗加', -37.69, 176.17],
  ['NZLYT', 'Lyttelton|Christchurch|利特尔顿|基督城', -43.6, 172.72],
  ['FJSUV', 'Suva|苏瓦|蘇瓦', -18.14, 178.44],
  ['PGPOM', 'Port Moresby|莫尔斯比港|莫士比港', -9.44, 147.18],
]

export type Place = { locode: string; name: string; country: string; lat: number; lon: number }
export type PlaceLocation = { lat: number; lon: number; precision: 'place' | 'country' }
export type PlaceSuggestion = { name: string; locode: string; country: string }

type IndexedPlace = Place & { keys: readonly string[] }

/** Words around a place's name that say what kind of place it is, not which ("Port of Shanghai", "上海港", "浦东机场"). */
const GENERIC_WORDS = new Set(['port', 'of', 'the', 'harbour', 'harbor', 'seaport', 'airport', 'international', 'intl', 'terminal', 'container', 'city', 'pt'])
const GENERIC_SUFFIXES = ['国际机场', '國際機場', '机场', '機場', '国际', '國際', '港口', '码头', '碼頭', '口岸', '港', '市']

/** Lower case, accents and punctuation gone, words joined: "São Paulo" → "saopaulo", "上海 港" → "上海港". */
function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
}

function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

/** A generic suffix of a key, unless the key is nothing more ("香港" stays whole; "香港港" loses one 港). */
function genericSuffix(key: string): string | undefined {
  return GENERIC_SUFFIXES.find((suffix) => key.endsWith(suffix) && key.length - suffix.length >= 2)
}

/** The ways to read what someone typed, most literal first: as typed, without generic words, without a 港/机场 suffix. */
function queryKeys(text: string): string[] {
  let key = words(text)
    .filter((word) => !GENERIC_WORDS.has(word))
    .join('')
  const keys = [normalize(text), key]
  for (let suffix = genericSuffix(key); suffix; suffix = genericSuffix(key)) {
    key = key.slice(0, -suffix.length)
    keys.push(key)
  }
  return [...new Set(keys.filter(Boolean))]
}

/** Whether a name may match at the start of a longer text: two Chinese characters say as much as four Latin letters. */
const isPrefixKey = (key: string) => key.length >= (/^\p{Script=Han}+$/u.test(key) ? 2 : 4)

const PLACES: readonly IndexedPlace[] = PLACE_ROWS.map(([locode, names, lat, lon]) => {
  const [name = locode, ...others] = names.split('|')
  return { locode, name, country: locode.slice(0, 2), lat, lon, keys: [...new Set([locode.toLowerCase(), ...[name, ...others].map(normalize)])] }
})

const PLACES_BY_KEY = new Map<string, IndexedPlace[]>()
for (const place of PLACES) for (const key of place.keys) PLACES_BY_KEY.set(key, [...(PLACES_BY_KEY.get(key) ?? []), place])

/** Every place in the table (for its tests and the seeds). */
export const KNOWN_PLACES: readonly Place[] = PLACES.map(({ keys: _keys, ...place }) => place)

/**
 * The places a text names, best reading first: an exact name, LOCODE or alias; then the same without generic words
 * ("Port of", "港"); then a name the text starts with ("Shanghai Pudong International" → Shanghai). Each part of
 * "Shenzhen (Yantian)" or "Shanghai, CN" is read too.
 */
function placesNamed(text: string): IndexedPlace[] {
  const parts = [text, ...text.split(/[,，、/()（）]/)].map((part) => part.trim()).filter(Boolean)
  const keys = [...new Set(parts.flatMap(queryKeys))]
  const exact = keys.flatMap((key) => PLACES_BY_KEY.get(key) ?? [])
  if (exact.length > 0) return [...new Set(exact)]
  const prefixed = keys.flatMap((key) => PLACES.filter((place) => place.keys.some((placeKey) => isPrefixKey(placeKey) && key.startsWith(placeKey))))
  return [...new Set(prefixed)]
}

/**
 * Where a shipment's place lies: the named place in `country` (a LOCODE, an English, local or Chinese name, with or
 * without "Port of"/"港"/"Airport"); the country's centre when the name is unknown or names a place in another country;
 * a named place anywhere when the country is not given; null when neither is known.
 */
export function locatePlace(name: string, country: string): PlaceLocation | null {
  const countryCode = country.trim().toUpperCase()
  const named = name.trim() ? placesNamed(name) : []
  const place = countryCode ? named.find((candidate) => candidate.country === countryCode) : named[0]
  if (place) return { lat: place.lat, lon: place.lon, precision: 'place' }
  const centroid = COUNTRY_CENTROIDS[countryCode]
  return centroid ? { lat: centroid[0], lon: centroid[1], precision: 'country' } : null
}

/** Places for a form's datalist whose LOCODE or any name starts with, then contains, what was typed. */
export function placeSuggestions(query: string, limit: number): PlaceSuggestion[] {
  const key = normalize(query)
  if (!key) return []
  const rank = (place: IndexedPlace) => (place.keys.some((k) => k.startsWith(key)) ? 0 : place.keys.some((k) => k.includes(key)) ? 1 : 2)
  return PLACES.map((place) => ({ place, rank: rank(place) }))
    .filter(({ rank }) => rank < 2)
    .sort((a, b) => a.rank - b.rank)
    .slice(0, Math.max(0, limit))
    .map(({ place }) => ({ name: place.name, locode: place.locode, country: place.country }))
}
