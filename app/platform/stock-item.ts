// How a traded item is named in stock, shared by logistics (goods on their way) and inventory (goods on the shelf),
// which may not import each other: a catalogue product by its id, else an order line's SKU and description.

const normalize = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase()

/** `p:<product id>` for a catalogue product; `t:<sku>|<description>` (trimmed, lower case) for a free-text line. */
export function stockItemKey(item: { productId: string | null; sku: string; description: string }): string {
  return item.productId ? `p:${item.productId}` : `t:${normalize(item.sku)}|${normalize(item.description)}`
}
