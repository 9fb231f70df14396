/** The 1-based numbers of the first and last item shown, for "21–40 of 95". Both are 0 when there are no items. */
export function paginationRange({ offset, limit, total }: { offset: number; limit: number; total: number }): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 }
  return { from: Math.min(total, offset + 1), to: Math.min(total, offset + limit) }
}
