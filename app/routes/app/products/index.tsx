// Skeleton: replaced by the page's implementation.
export default function Page() {
  return null
}
