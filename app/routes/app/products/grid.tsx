// Skeleton: replaced by the page's implementation (owned by one helper).
export default function Page() {
  return null
}
