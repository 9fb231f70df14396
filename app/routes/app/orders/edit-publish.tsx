// Being written this session; replaced by the real page before commit.
export default function Page() {
  return null
}
