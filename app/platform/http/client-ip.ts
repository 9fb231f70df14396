/** The client address: the socket's peer, or the first X-Forwarded-For hop when behind a trusted proxy. */
export function resolveClientIp(input: { socketAddress: string | undefined; forwardedFor: string | null | undefined; trustProxy: boolean }): string {
  if (input.trustProxy && input.forwardedFor) {
    const first = input.forwardedFor.split(',')[0]?.trim()
    if (first) return first
  }
  const address = input.socketAddress ?? 'unknown'
  return address.startsWith('::ffff:') ? address.slice(7) : address
}
