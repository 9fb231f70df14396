import type { ProductUnit } from '../../../app/modules/catalog/index'

/** A phrase in the three product locales; Traditional defaults to the Simplified text where both are written alike. */
export type Phrase = { en: string; zhHans: string; zhHant: string }

export const phrase = (en: string, zhHans: string, zhHant: string = zhHans): Phrase => ({ en, zhHans, zhHant })

/** No material word: the family name stands alone. */
const PLAIN = phrase('', '')

/**
 * A product family a supplier makes: names are built as colour + material + family + variant ("Blue Porcelain Coffee
 * Mug 350 ml" / "蓝色白瓷咖啡杯 350毫升"), HS code and category fit the family, prices are US cents per unit.
 */
export type ProductFamily = {
  code: string
  categoryId: string
  hsCode: string
  name: Phrase
  materials: Phrase[]
  variants: Phrase[]
  unit: ProductUnit
  priceCents: [number, number]
  moqs: number[]
  coloured?: boolean
}

export const COLOURS: Phrase[] = [
  phrase('White', '白色'),
  phrase('Black', '黑色'),
  phrase('Red', '红色', '紅色'),
  phrase('Blue', '蓝色', '藍色'),
  phrase('Green', '绿色', '綠色'),
  phrase('Grey', '灰色'),
  phrase('Pink', '粉色'),
  phrase('Navy', '藏青色'),
]

const family = (
  code: string,
  categoryId: string,
  hsCode: string,
  name: Phrase,
  materials: Phrase[],
  variants: Phrase[],
  unit: ProductUnit,
  priceCents: [number, number],
  moqs: number[],
  coloured = false,
): ProductFamily => ({ code, categoryId, hsCode, name, materials, variants, unit, priceCents, moqs, coloured })

export const FAMILIES: ProductFamily[] = [
  // Ceramics & glass
  family('MUG', 'mugs-cups', '691200', phrase('Coffee Mug', '咖啡杯'), [phrase('Ceramic', '陶瓷'), phrase('Bone China', '骨瓷'), phrase('Stoneware', '粗陶')], [phrase('350 ml', '350毫升'), phrase('450 ml', '450毫升'), phrase('12 oz', '12盎司')], 'piece', [80, 420], [100, 300, 500, 1000], true),
  family('PLT', 'porcelain-plates', '691110', phrase('Dinner Plate', '餐盘', '餐盤'), [phrase('Porcelain', '白瓷'), phrase('Bone China', '骨瓷')], [phrase('8 inch', '8英寸', '8英吋'), phrase('10 inch', '10英寸', '10英吋'), phrase('27 cm', '27厘米', '27公分')], 'piece', [90, 650], [200, 500, 1000]),
  family('TPT', 'tableware', '691110', phrase('Teapot', '茶壶', '茶壺'), [phrase('Porcelain', '白瓷'), phrase('Celadon', '青瓷'), phrase('Clay', '紫砂')], [phrase('600 ml', '600毫升'), phrase('1 L', '1升', '1公升')], 'piece', [250, 1800], [50, 100, 300]),
  family('BSN', 'sanitary-ware', '691010', phrase('Wash Basin', '洗手盆'), [phrase('Ceramic', '陶瓷'), phrase('Countertop Ceramic', '台上陶瓷', '檯上陶瓷')], [phrase('50 cm', '50厘米', '50公分'), phrase('60 cm', '60厘米', '60公分')], 'piece', [1800, 6500], [20, 50, 100]),
  family('GLS', 'glassware', '701337', phrase('Drinking Glass', '玻璃杯'), [phrase('Borosilicate', '高硼硅', '高硼矽'), phrase('Crystal', '水晶'), phrase('Tempered', '钢化', '鋼化')], [phrase('250 ml', '250毫升'), phrase('350 ml', '350毫升')], 'piece', [45, 320], [500, 1000, 3000]),
  // Lighting
  family('FIL', 'led-filament-bulbs', '853952', phrase('LED Filament Bulb', 'LED灯丝灯泡', 'LED燈絲燈泡'), [phrase('E27', 'E27'), phrase('E14', 'E14'), phrase('Dimmable', '可调光', '可調光')], [phrase('4 W', '4瓦'), phrase('6 W', '6瓦'), phrase('8 W', '8瓦')], 'piece', [55, 260], [500, 1000, 5000]),
  family('SMB', 'smart-bulbs', '853952', phrase('Smart Bulb', '智能灯泡', '智慧燈泡'), [phrase('Wi-Fi', 'WiFi'), phrase('Zigbee', 'Zigbee'), phrase('RGB', 'RGB')], [phrase('9 W', '9瓦'), phrase('12 W', '12瓦')], 'piece', [190, 720], [200, 500, 1000]),
  family('FLD', 'outdoor-lighting', '940542', phrase('LED Floodlight', 'LED投光灯', 'LED投光燈'), [phrase('Waterproof', '防水'), phrase('Aluminium', '铝壳', '鋁殼')], [phrase('50 W', '50瓦'), phrase('100 W', '100瓦'), phrase('200 W', '200瓦')], 'piece', [650, 4200], [50, 100, 200]),
  family('SOL', 'outdoor-lighting', '940542', phrase('Solar Garden Light', '太阳能草坪灯', '太陽能草坪燈'), [PLAIN, phrase('Stainless Steel', '不锈钢', '不鏽鋼')], [phrase('2-pack', '2只装', '2隻裝'), phrase('6-pack', '6只装', '6隻裝')], 'set', [320, 1500], [100, 300, 500]),
  family('PNL', 'commercial-lighting', '940511', phrase('LED Panel Light', 'LED面板灯', 'LED面板燈'), [phrase('Slim', '超薄'), phrase('Backlit', '直下式')], [phrase('600 × 600 mm', '600×600毫米'), phrase('300 × 1200 mm', '300×1200毫米')], 'piece', [900, 3200], [50, 100, 300]),
  // Electrical equipment
  family('CBL', 'cables-wires', '854449', phrase('Power Cable', '电源线', '電源線'), [phrase('Copper', '铜芯', '銅芯'), phrase('PVC-Insulated', 'PVC绝缘', 'PVC絕緣')], [phrase('1.5 mm²', '1.5平方毫米'), phrase('2.5 mm²', '2.5平方毫米')], 'metre', [18, 160], [1000, 5000, 10000]),
  family('SKT', 'switches-sockets', '853669', phrase('Wall Socket', '墙壁插座', '牆壁插座'), [phrase('Tempered Glass', '钢化玻璃', '鋼化玻璃'), phrase('PC', 'PC面板')], [phrase('Type G', '英标', '英規'), phrase('Type F', '德标', '德規'), phrase('USB', 'USB')], 'piece', [120, 780], [200, 500, 1000], true),
  family('SWT', 'switches-sockets', '853650', phrase('Wall Switch', '墙壁开关', '牆壁開關'), [phrase('Touch', '触摸', '觸控'), phrase('Rocker', '翘板', '翹板')], [phrase('1 gang', '一开', '一開'), phrase('2 gang', '双开', '雙開'), phrase('3 gang', '三开', '三開')], 'piece', [90, 650], [200, 500, 1000], true),
  family('PSU', 'power-supplies', '850440', phrase('Switching Power Supply', '开关电源', '開關電源'), [phrase('Enclosed', '封闭式', '封閉式'), phrase('DIN Rail', '导轨式', '導軌式')], [phrase('12 V 5 A', '12伏5安'), phrase('24 V 10 A', '24伏10安')], 'piece', [480, 2600], [50, 100, 500]),
  // Consumer electronics
  family('CAS', 'phones-accessories', '392690', phrase('Phone Case', '手机壳', '手機殼'), [phrase('Silicone', '硅胶', '矽膠'), phrase('TPU', 'TPU'), phrase('Leather', '皮革')], [phrase('for 6.1-inch phones', '适用6.1英寸手机', '適用6.1吋手機'), phrase('for 6.7-inch phones', '适用6.7英寸手机', '適用6.7吋手機')], 'piece', [35, 380], [500, 1000, 3000], true),
  family('USB', 'phones-accessories', '854442', phrase('USB-C Charging Cable', 'USB-C数据线', 'USB-C傳輸線'), [phrase('Braided', '编织', '編織'), phrase('Fast-Charge', '快充')], [phrase('1 m', '1米', '1公尺'), phrase('2 m', '2米', '2公尺')], 'piece', [40, 290], [500, 1000, 5000], true),
  family('PWB', 'phones-accessories', '850760', phrase('Power Bank', '移动电源', '行動電源'), [phrase('Wireless', '无线充', '無線充'), phrase('Slim', '超薄')], [phrase('10000 mAh', '10000毫安'), phrase('20000 mAh', '20000毫安')], 'piece', [520, 1900], [100, 300, 1000], true),
  family('SPK', 'audio-video', '851822', phrase('Bluetooth Speaker', '蓝牙音箱', '藍牙喇叭'), [phrase('Waterproof', '防水'), phrase('Portable', '便携式', '攜帶式')], [phrase('10 W', '10瓦'), phrase('20 W', '20瓦')], 'piece', [650, 3800], [100, 300, 500], true),
  family('EAR', 'audio-video', '851830', phrase('Wireless Earbuds', '无线耳机', '無線耳機'), [phrase('Noise-Cancelling', '降噪'), phrase('Sports', '运动', '運動')], [phrase('Bluetooth 5.3', '蓝牙5.3', '藍牙5.3')], 'set', [480, 2900], [100, 500, 1000], true),
  family('PLG', 'smart-home', '853669', phrase('Smart Plug', '智能插座', '智慧插座'), [phrase('Wi-Fi', 'WiFi'), phrase('Energy-Monitoring', '电量统计', '電量統計')], [phrase('10 A', '10安'), phrase('16 A', '16安')], 'piece', [260, 980], [200, 500, 1000]),
  // Industrial machinery
  family('FLM', 'packaging-machines', '842230', phrase('Filling Machine', '灌装机', '灌裝機'), [phrase('Automatic', '全自动', '全自動'), phrase('Semi-Automatic', '半自动', '半自動')], [phrase('for liquids', '液体', '液體'), phrase('for paste', '膏体', '膏體')], 'set', [180000, 2400000], [1]),
  family('LTH', 'cnc-machines', '845811', phrase('CNC Lathe', '数控车床', '數控車床'), [phrase('Flat-Bed', '平床身'), phrase('Slant-Bed', '斜床身')], [phrase('Ø 400 mm swing', '回转直径400毫米', '迴轉直徑400毫米'), phrase('Ø 500 mm swing', '回转直径500毫米', '迴轉直徑500毫米')], 'set', [1200000, 6500000], [1]),
  family('PMP', 'pumps-valves', '841370', phrase('Centrifugal Pump', '离心泵', '離心泵'), [phrase('Stainless Steel', '不锈钢', '不鏽鋼'), phrase('Cast Iron', '铸铁', '鑄鐵')], [phrase('1.5 kW', '1.5千瓦'), phrase('5.5 kW', '5.5千瓦')], 'piece', [12000, 98000], [1, 5, 10]),
  family('VLV', 'pumps-valves', '848180', phrase('Ball Valve', '球阀', '球閥'), [phrase('Brass', '黄铜', '黃銅'), phrase('Stainless Steel', '不锈钢', '不鏽鋼'), phrase('PVC', 'PVC')], [phrase('DN15', 'DN15'), phrase('DN25', 'DN25'), phrase('DN50', 'DN50')], 'piece', [120, 4200], [100, 500, 1000]),
  // Tools & hardware
  family('WRN', 'hand-tools', '820411', phrase('Adjustable Wrench', '活动扳手', '活動扳手'), [phrase('Chrome Vanadium', '铬钒钢', '鉻釩鋼'), phrase('Carbon Steel', '碳钢', '碳鋼')], [phrase('8 inch', '8英寸', '8英吋'), phrase('10 inch', '10英寸', '10英吋'), phrase('12 inch', '12英寸', '12英吋')], 'piece', [150, 900], [200, 500, 1000]),
  family('DRL', 'power-tools', '846721', phrase('Cordless Drill', '无线电钻', '無線電鑽'), [phrase('Brushless', '无刷', '無刷'), phrase('Lithium', '锂电', '鋰電')], [phrase('12 V', '12伏'), phrase('20 V', '20伏')], 'set', [1800, 6900], [50, 100, 300]),
  family('BLT', 'bolts-nuts', '731815', phrase('Hex Bolt', '六角螺栓'), [phrase('Stainless Steel', '不锈钢', '不鏽鋼'), phrase('Galvanised', '镀锌', '鍍鋅')], [phrase('M8 × 40', 'M8×40'), phrase('M10 × 50', 'M10×50'), phrase('M12 × 60', 'M12×60')], 'kg', [150, 680], [100, 500, 1000]),
  family('SCR', 'screws', '731814', phrase('Self-Tapping Screw', '自攻螺钉', '自攻螺絲'), [phrase('Stainless Steel', '不锈钢', '不鏽鋼'), phrase('Zinc-Plated', '镀锌', '鍍鋅')], [phrase('ST4.2 × 19', 'ST4.2×19'), phrase('ST4.8 × 25', 'ST4.8×25')], 'box', [180, 900], [100, 500, 1000]),
  // Home & garden
  family('PAN', 'kitchenware', '732393', phrase('Frying Pan', '煎锅', '煎鍋'), [phrase('Stainless Steel', '不锈钢', '不鏽鋼'), phrase('Non-Stick', '不粘', '不沾'), phrase('Cast Iron', '铸铁', '鑄鐵')], [phrase('24 cm', '24厘米', '24公分'), phrase('28 cm', '28厘米', '28公分')], 'piece', [350, 2400], [100, 300, 500]),
  family('BRD', 'kitchenware', '441919', phrase('Cutting Board', '砧板'), [phrase('Bamboo', '竹制', '竹製'), phrase('Acacia Wood', '相思木')], [phrase('30 × 20 cm', '30×20厘米', '30×20公分'), phrase('40 × 30 cm', '40×30厘米', '40×30公分')], 'piece', [160, 950], [200, 500, 1000]),
  family('FRM', 'home-decor', '441490', phrase('Photo Frame', '相框'), [phrase('Pine Wood', '松木'), phrase('MDF', '密度板')], [phrase('5 × 7 inch', '5×7英寸', '5×7英吋'), phrase('A4', 'A4')], 'piece', [70, 520], [200, 500, 1000], true),
  family('HSE', 'garden-supplies', '391739', phrase('Garden Hose', '花园水管', '花園水管'), [phrase('PVC', 'PVC'), phrase('Expandable', '伸缩', '伸縮')], [phrase('15 m', '15米', '15公尺'), phrase('30 m', '30米', '30公尺')], 'roll', [380, 2100], [100, 300, 500], true),
  // Furniture
  family('CHR', 'office-furniture', '940139', phrase('Office Chair', '办公椅', '辦公椅'), [phrase('Mesh', '网布', '網布'), phrase('Leather', '皮质', '皮質')], [phrase('Ergonomic', '人体工学', '人體工學'), phrase('High-Back', '高背')], 'piece', [2800, 16000], [20, 50, 100], true),
  family('PTO', 'outdoor-furniture', '940179', phrase('Patio Dining Set', '庭院餐桌椅套装', '庭院餐桌椅套裝'), [phrase('Aluminium', '铝合金', '鋁合金'), phrase('Rattan', '藤编', '藤編')], [phrase('4-seat', '四人位'), phrase('6-seat', '六人位')], 'set', [14000, 68000], [5, 10, 20]),
  family('BED', 'hotel-furniture', '940350', phrase('Hotel Bed Frame', '酒店床架', '飯店床架'), [phrase('Solid Wood', '实木', '實木'), phrase('Upholstered', '软包', '軟包')], [phrase('King Size', '特大号', '特大號'), phrase('Queen Size', '大号', '大號')], 'piece', [16000, 72000], [10, 20, 50]),
  // Textiles
  family('TWL', 'cotton-fabric', '520942', phrase('Twill Fabric', '斜纹布', '斜紋布'), [phrase('Cotton', '全棉'), phrase('Stretch Cotton', '弹力棉', '彈力棉')], [phrase('150 cm wide', '幅宽150厘米', '幅寬150公分'), phrase('280 gsm', '280克')], 'metre', [180, 720], [1000, 3000, 5000], true),
  family('PLY', 'synthetic-fabric', '540752', phrase('Polyester Fabric', '涤纶面料', '滌綸面料'), [phrase('Waterproof', '防水'), phrase('Ripstop', '格子防撕', '格子防撕裂')], [phrase('210D', '210D'), phrase('600D', '600D')], 'metre', [60, 380], [1000, 3000, 5000], true),
  family('TWE', 'home-textiles', '630260', phrase('Bath Towel', '浴巾'), [phrase('Cotton', '纯棉', '純棉'), phrase('Bamboo Fibre', '竹纤维', '竹纖維')], [phrase('70 × 140 cm', '70×140厘米', '70×140公分'), phrase('90 × 180 cm', '90×180厘米', '90×180公分')], 'piece', [220, 1200], [200, 500, 1000], true),
  family('SHT', 'home-textiles', '630231', phrase('Bed Sheet Set', '床单四件套', '床單四件套'), [phrase('Cotton Sateen', '全棉贡缎', '全棉貢緞'), phrase('Linen', '亚麻', '亞麻')], [phrase('Queen', '1.5米床', '1.5公尺床'), phrase('King', '1.8米床', '1.8公尺床')], 'set', [900, 4800], [100, 200, 500], true),
  // Apparel
  family('JKT', 'workwear', '620333', phrase('Work Jacket', '工装夹克', '工裝夾克'), [phrase('Flame-Retardant', '阻燃'), phrase('Polyester-Cotton', '涤棉', '滌棉')], [phrase('Sizes S–3XL', 'S至3XL码', 'S至3XL碼')], 'piece', [650, 3200], [100, 300, 500], true),
  family('VST', 'workwear', '621133', phrase('Hi-Vis Safety Vest', '反光安全背心'), [phrase('Mesh', '网眼', '網眼'), phrase('Polyester', '涤纶', '滌綸')], [phrase('EN ISO 20471', 'EN ISO 20471')], 'piece', [60, 420], [500, 1000, 3000]),
  family('TSH', 'sportswear', '610910', phrase('Running T-Shirt', '跑步T恤'), [phrase('Quick-Dry', '速干', '速乾'), phrase('Cotton', '纯棉', '純棉')], [phrase('Men’s', '男款'), phrase('Women’s', '女款')], 'piece', [190, 900], [100, 300, 500], true),
  family('HOD', 'childrens-clothing', '611020', phrase('Kids’ Hoodie', '儿童连帽卫衣', '兒童連帽衛衣'), [phrase('Cotton Fleece', '全棉抓绒', '全棉抓絨'), phrase('French Terry', '毛圈')], [phrase('Ages 3–8', '3至8岁', '3至8歲'), phrase('Ages 8–14', '8至14岁', '8至14歲')], 'piece', [380, 1500], [100, 300, 500], true),
  // Bags & footwear
  family('TOT', 'handbags', '420222', phrase('Tote Bag', '托特包'), [phrase('Canvas', '帆布'), phrase('Jute', '黄麻', '黃麻'), phrase('PU Leather', 'PU皮')], [phrase('Large', '大号', '大號'), phrase('Medium', '中号', '中號')], 'piece', [95, 1400], [200, 500, 1000], true),
  family('LUG', 'luggage', '420212', phrase('Trolley Suitcase', '拉杆箱', '拉桿箱'), [phrase('ABS', 'ABS'), phrase('Polycarbonate', 'PC')], [phrase('20 inch', '20英寸', '20吋'), phrase('24 inch', '24英寸', '24吋'), phrase('28 inch', '28英寸', '28吋')], 'piece', [1600, 6800], [50, 100, 300], true),
  family('BOT', 'safety-shoes', '640340', phrase('Safety Boots', '安全靴'), [phrase('Steel Toe', '钢头', '鋼頭'), phrase('Composite Toe', '复合头', '複合頭')], [phrase('S3', 'S3级', 'S3級'), phrase('S1P', 'S1P级', 'S1P級')], 'pair', [950, 3900], [100, 300, 500]),
  // Packaging & printing
  family('BOX', 'paper-boxes', '481910', phrase('Corrugated Shipping Box', '瓦楞纸箱', '瓦楞紙箱'), [phrase('3-Ply', '三层', '三層'), phrase('5-Ply', '五层', '五層')], [phrase('30 × 20 × 15 cm', '30×20×15厘米', '30×20×15公分'), phrase('40 × 30 × 30 cm', '40×30×30厘米', '40×30×30公分')], 'piece', [18, 160], [1000, 3000, 5000]),
  family('PCH', 'plastic-packaging', '392329', phrase('Stand-Up Pouch', '自立袋'), [phrase('Kraft Paper', '牛皮纸', '牛皮紙'), phrase('Aluminium Foil', '铝箔', '鋁箔')], [phrase('250 g', '250克'), phrase('500 g', '500克')], 'piece', [4, 38], [5000, 10000, 20000]),
  family('LBL', 'labels', '482110', phrase('Adhesive Label', '不干胶标签', '不乾膠標籤'), [phrase('Waterproof', '防水'), phrase('Thermal', '热敏', '熱感')], [phrase('100 × 150 mm', '100×150毫米'), phrase('50 × 30 mm', '50×30毫米')], 'roll', [90, 650], [100, 500, 1000]),
  // Chemicals
  family('SIL', 'adhesives', '321410', phrase('Silicone Sealant', '硅酮密封胶', '矽利康密封膠'), [phrase('Neutral', '中性'), phrase('Acetic', '酸性')], [phrase('300 ml', '300毫升'), phrase('590 ml', '590毫升')], 'piece', [60, 260], [1000, 2400, 5000], true),
  family('EPX', 'coatings', '320890', phrase('Epoxy Floor Paint', '环氧地坪漆', '環氧地坪漆'), [phrase('Self-Levelling', '自流平'), phrase('Anti-Slip', '防滑')], [phrase('20 kg kit', '20公斤套装', '20公斤套裝')], 'set', [3200, 9800], [10, 50, 100], true),
  family('PPG', 'plastics-raw', '390210', phrase('Polypropylene Granules', '聚丙烯颗粒', '聚丙烯顆粒'), [phrase('Injection-Grade', '注塑级', '注塑級'), phrase('Recycled', '再生')], [phrase('25 kg bag', '25公斤袋装', '25公斤袋裝')], 'tonne', [98000, 168000], [1, 5, 20]),
  // Metals
  family('PIP', 'steel', '730630', phrase('Welded Steel Pipe', '焊接钢管', '焊接鋼管'), [phrase('Galvanised', '镀锌', '鍍鋅'), phrase('Black', '黑退火')], [phrase('DN20', 'DN20'), phrase('DN50', 'DN50'), phrase('DN100', 'DN100')], 'tonne', [62000, 98000], [5, 10, 25]),
  family('ALP', 'aluminium', '760429', phrase('Aluminium Profile', '铝型材', '鋁型材'), [phrase('Anodised', '阳极氧化', '陽極氧化'), phrase('Powder-Coated', '喷涂', '噴塗')], [phrase('6063-T5', '6063-T5'), phrase('6061-T6', '6061-T6')], 'kg', [280, 520], [500, 1000, 3000]),
  family('CUW', 'copper', '740811', phrase('Copper Wire', '铜线', '銅線'), [phrase('Enamelled', '漆包'), phrase('Bare', '裸')], [phrase('1.0 mm', '1.0毫米'), phrase('2.5 mm', '2.5毫米')], 'kg', [950, 1350], [100, 500, 1000]),
  // Construction
  family('SPC', 'flooring', '391810', phrase('SPC Vinyl Flooring', 'SPC石塑地板'), [phrase('Click-Lock', '锁扣', '鎖扣'), phrase('Waterproof', '防水')], [phrase('4 mm', '4毫米'), phrase('5 mm', '5毫米')], 'square_metre', [480, 1200], [500, 1000, 3000]),
  family('WIN', 'doors-windows', '761010', phrase('Aluminium Window', '铝合金窗', '鋁合金窗'), [phrase('Casement', '平开', '平開'), phrase('Sliding', '推拉')], [phrase('Double-Glazed', '双层中空玻璃', '雙層中空玻璃')], 'square_metre', [6500, 18000], [20, 50, 100]),
  family('PVC', 'pipes-fittings', '391723', phrase('PVC Pipe', 'PVC管'), [phrase('Pressure', '给水', '給水'), phrase('Drainage', '排水')], [phrase('Ø 50 mm', '直径50毫米', '直徑50毫米'), phrase('Ø 110 mm', '直径110毫米', '直徑110毫米')], 'metre', [45, 520], [500, 1000, 3000]),
  // Vehicle parts
  family('HDL', 'auto-electrical', '851220', phrase('LED Headlight Bulb', 'LED汽车大灯', 'LED汽車大燈'), [phrase('Canbus', '解码', '解碼'), phrase('Fanless', '无风扇', '無風扇')], [phrase('H4', 'H4'), phrase('H7', 'H7'), phrase('9005', '9005')], 'pair', [480, 2200], [50, 100, 300]),
  family('WHL', 'tyres', '870870', phrase('Alloy Wheel', '铝合金轮毂', '鋁合金輪轂'), [phrase('Forged', '锻造', '鍛造'), phrase('Cast', '铸造', '鑄造')], [phrase('17 inch', '17英寸', '17吋'), phrase('18 inch', '18英寸', '18吋')], 'piece', [4200, 18000], [4, 20, 40], true),
  family('WAX', 'car-care', '340530', phrase('Car Wax', '汽车蜡', '汽車蠟'), [phrase('Carnauba', '巴西棕榈', '巴西棕櫚'), phrase('Ceramic', '镀晶', '鍍晶')], [phrase('300 g', '300克'), phrase('500 ml', '500毫升')], 'piece', [180, 950], [200, 500, 1000]),
  // Food & beverage
  family('GTE', 'tea', '090210', phrase('Green Tea', '绿茶', '綠茶'), [phrase('Longjing', '龙井', '龍井'), phrase('Jasmine', '茉莉花'), phrase('Organic', '有机', '有機')], [phrase('250 g tin', '250克罐装', '250克罐裝'), phrase('1 kg bag', '1公斤袋装', '1公斤袋裝')], 'kg', [1200, 9800], [10, 50, 100]),
  family('OTE', 'tea', '090230', phrase('Oolong Tea', '乌龙茶', '烏龍茶'), [phrase('Tieguanyin', '铁观音', '鐵觀音'), phrase('High Mountain', '高山')], [phrase('250 g tin', '250克罐装', '250克罐裝'), phrase('500 g bag', '500克袋装', '500克袋裝')], 'kg', [1800, 12000], [10, 50, 100]),
  family('RCR', 'snacks', '190590', phrase('Rice Crackers', '米饼', '米餅'), [phrase('Seaweed', '海苔'), phrase('Sesame', '芝麻')], [phrase('100 g', '100克'), phrase('500 g', '500克')], 'carton', [1600, 4800], [50, 100, 300]),
  family('CWT', 'beverages', '220299', phrase('Coconut Water', '椰子水'), [PLAIN, phrase('Sparkling', '气泡', '氣泡')], [phrase('330 ml × 24', '330毫升×24'), phrase('1 L × 12', '1升×12', '1公升×12')], 'carton', [950, 2400], [100, 500, 1000]),
  // Agriculture
  family('SED', 'seeds', '120991', phrase('Vegetable Seeds', '蔬菜种子', '蔬菜種子'), [phrase('Hybrid Tomato', '杂交番茄', '雜交番茄'), phrase('Cucumber', '黄瓜', '黃瓜')], [phrase('1,000 seeds', '1000粒'), phrase('10 g', '10克')], 'box', [250, 1800], [50, 100, 500]),
  family('FRT', 'fertilisers', '310100', phrase('Organic Fertiliser', '有机肥', '有機肥'), [phrase('Granular', '颗粒', '顆粒'), phrase('Powder', '粉状', '粉狀')], [phrase('25 kg bag', '25公斤袋装', '25公斤袋裝'), phrase('50 kg bag', '50公斤袋装', '50公斤袋裝')], 'tonne', [18000, 42000], [5, 10, 25]),
  family('TLR', 'farm-machinery', '843229', phrase('Mini Tiller', '微耕机', '微耕機'), [phrase('Diesel', '柴油'), phrase('Gasoline', '汽油')], [phrase('7 hp', '7马力', '7馬力'), phrase('9 hp', '9马力', '9馬力')], 'set', [18000, 52000], [5, 10, 20]),
  // Health & beauty
  family('SRM', 'skin-care', '330499', phrase('Face Serum', '精华液', '精華液'), [phrase('Hyaluronic Acid', '玻尿酸'), phrase('Vitamin C', '维C', '維C')], [phrase('30 ml', '30毫升'), phrase('50 ml', '50毫升')], 'piece', [120, 980], [500, 1000, 3000]),
  family('GLV', 'medical-supplies', '401519', phrase('Nitrile Gloves', '丁腈手套'), [phrase('Powder-Free', '无粉', '無粉'), phrase('Examination', '检查用', '檢查用')], [phrase('Size M, 100 pcs', 'M码100只装', 'M碼100隻裝'), phrase('Size L, 100 pcs', 'L码100只装', 'L碼100隻裝')], 'box', [180, 650], [1000, 3000, 5000], true),
  family('TBR', 'personal-care', '850980', phrase('Electric Toothbrush', '电动牙刷', '電動牙刷'), [phrase('Sonic', '声波', '聲波'), phrase('Rechargeable', '充电式', '充電式')], [phrase('with 2 heads', '附2个刷头', '附2個刷頭'), phrase('with travel case', '附旅行盒')], 'piece', [450, 2600], [100, 300, 1000], true),
  // Sports & toys
  family('YGM', 'fitness', '950691', phrase('Yoga Mat', '瑜伽垫', '瑜伽墊'), [phrase('TPE', 'TPE'), phrase('Natural Rubber', '天然橡胶', '天然橡膠'), phrase('Cork', '软木', '軟木')], [phrase('6 mm', '6毫米'), phrase('8 mm', '8毫米')], 'piece', [320, 2400], [100, 300, 500], true),
  family('DMB', 'fitness', '950691', phrase('Dumbbell Set', '哑铃套装', '啞鈴套裝'), [phrase('Hex Rubber', '六角包胶', '六角包膠'), phrase('Adjustable', '可调节', '可調節')], [phrase('20 kg', '20公斤'), phrase('40 kg', '40公斤')], 'set', [2400, 12000], [20, 50, 100]),
  family('BLK', 'toys', '950300', phrase('Building Blocks', '积木', '積木'), [phrase('Wooden', '木制', '木製'), phrase('Magnetic', '磁力')], [phrase('100 pieces', '100粒装', '100粒裝'), phrase('500 pieces', '500粒装', '500粒裝')], 'set', [350, 2800], [100, 300, 500]),
  family('TNT', 'outdoor-sports', '630622', phrase('Camping Tent', '露营帐篷', '露營帳篷'), [phrase('Waterproof', '防水'), phrase('Pop-Up', '速开', '速開')], [phrase('2-person', '双人', '雙人'), phrase('4-person', '四人')], 'piece', [1600, 9800], [50, 100, 300], true),
  // Office & school
  family('PEN', 'stationery', '960810', phrase('Gel Pen', '中性笔', '中性筆'), [phrase('Retractable', '按动', '按動'), phrase('Erasable', '可擦')], [phrase('0.5 mm', '0.5毫米'), phrase('0.7 mm', '0.7毫米')], 'box', [90, 480], [100, 500, 1000], true),
  family('NTB', 'paper-products', '482020', phrase('Notebook', '笔记本', '筆記本'), [phrase('Spiral', '线圈', '線圈'), phrase('Hardcover', '精装', '精裝')], [phrase('A5', 'A5'), phrase('B5', 'B5')], 'piece', [45, 380], [500, 1000, 3000], true),
  family('LAM', 'office-equipment', '847290', phrase('Laminator', '过塑机', '過塑機'), [phrase('Hot and Cold', '冷热', '冷熱'), phrase('Roll', '卷式', '捲式')], [phrase('A4', 'A4'), phrase('A3', 'A3')], 'piece', [1800, 7600], [20, 50, 100]),
]

/** One product name in the three locales: colour + material + family + variant. */
export function productName(family: ProductFamily, material: Phrase, variant: Phrase, colour: Phrase | null): Phrase {
  const en = [colour?.en, material.en, family.name.en, variant.en].filter(Boolean).join(' ')
  const zh = (key: 'zhHans' | 'zhHant') => `${colour?.[key] ?? ''}${material[key]}${family.name[key]} ${variant[key]}`
  return { en, zhHans: zh('zhHans'), zhHant: zh('zhHant') }
}
