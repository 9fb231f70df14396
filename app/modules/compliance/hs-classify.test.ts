import { describe, expect, it } from 'vitest'
import { hsIndexFromCsv } from './hs-index.fixture'

// Issue 22: "classify my product" on a table of product descriptions, English and Chinese, with the heading a customs
// broker would give each. The expected heading must be among the first three suggestions (the page shows five).
const TABLE: Array<[description: string, heading: string]> = [
  ['Porcelain coffee mug with handle, 350 ml, white glaze', '6911'],
  ['Stoneware dinner plates, set of six', '6912'],
  ['陶瓷咖啡杯，350毫升', '6912'],
  ['瓷制咖啡杯', '6911'],
  ['Bone china tea cup and saucer', '6911'],
  ["Men's cotton knitted T-shirt, crew neck", '6109'],
  ['纯棉针织T恤', '6109'],
  ["Women's woven cotton denim jeans", '6204'],
  ['Running shoes with rubber soles and textile uppers', '6404'],
  ['Genuine leather handbag with shoulder strap', '4202'],
  ['LED light bulb E27 9W warm white', '8539'],
  ['LED灯泡 E27 9瓦', '8539'],
  ['5G smartphone with 128 GB storage', '8517'],
  ['智能手机 128GB', '8517'],
  ['Laptop computer, 15 inch display, 1.8 kg', '8471'],
  ['笔记本电脑 15英寸', '8471'],
  ['Lithium-ion battery pack for e-bikes, 48 V', '8507'],
  ['锂离子电池组', '8507'],
  ['Photovoltaic solar panels, 400 W monocrystalline modules', '8541'],
  ['Wooden office desk with drawers', '9403'],
  ['实木餐桌', '9403'],
  ['Plush teddy bear toy for children', '9503'],
  ['毛绒玩具熊', '9503'],
  ['Stainless steel kitchen knives, 8 inch chef knife', '8211'],
  ['Green tea leaves, loose, 250 g tins', '0902'],
  ['绿茶 250克', '0902'],
  ['Frozen peeled shrimp, 1 kg bags', '0306'],
  ['Roasted coffee beans, not decaffeinated', '0901'],
  ['Extra virgin olive oil in 1 litre bottles', '1509'],
  ['Red wine of fresh grapes in 750 ml bottles', '2204'],
  ['Polyethylene shopping bags with handles', '3923'],
  ['塑料购物袋', '3923'],
  ['Aluminium frame bicycle, 21 speeds', '8712'],
  ['Electric hair dryer 2000 W', '8516'],
  ['Split wall air conditioner, 12000 BTU', '8415'],
  ['Household refrigerator freezer, 300 litres', '8418'],
  ['Glass drinking tumblers, set of 6', '7013'],
  ['Cotton bed sheets, queen size', '6302'],
  ['Wrist watch with stainless steel case, quartz', '9102'],
  ['Polarised sunglasses', '9004'],
  ['New pneumatic radial tyres for passenger cars', '4011'],
  ['Printed children’s picture books', '4901'],
]

describe('classify my product', () => {
  const index = hsIndexFromCsv()

  it.each(TABLE)('%s → %s', (description, heading) => {
    const suggestions = index.classify(description)
    expect(
      suggestions.slice(0, 3).map((suggestion) => suggestion.heading),
      suggestions.map((suggestion) => `${suggestion.heading} ${suggestion.score} [${suggestion.reasons.join(', ')}]`).join('\n'),
    ).toContain(heading)
  })

  it('says why: the description words behind each suggestion', () => {
    const [first] = index.classify('Porcelain coffee mug')
    expect(first!.heading).toBe('6911')
    expect(first!.reasons).toEqual(expect.arrayContaining(['porcelain', 'mug']))
    expect(first!.subheading).toBe('691110')
  })

  it('suggests nothing for words the nomenclature and the product names do not know', () => {
    expect(index.classify('zzzz qqqq')).toEqual([])
  })
})
