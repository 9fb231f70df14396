import net from 'node:net'

/**
 * A loopback TCP proxy in front of a database, to take it away and give it back in tests: `blackhole()` drops every
 * open connection and then accepts new ones without ever answering (a hung or unreachable server), `restore()`
 * forwards again.
 */
export class TcpProxy {
  private readonly sockets = new Set<net.Socket>()
  private forwarding = true
  private server: net.Server | undefined
  port = 0

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<this> {
    this.server = net.createServer((client) => this.accept(client))
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve))
    this.port = (this.server.address() as net.AddressInfo).port
    return this
  }

  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string {
    const proxied = new URL(url)
    proxied.hostname = '127.0.0.1'
    proxied.port = String(this.port)
    return proxied.toString()
  }

  blackhole(): void {
    this.forwarding = false
    for (const socket of this.sockets) socket.destroy()
    this.sockets.clear()
  }

  restore(): void {
    for (const socket of this.sockets) socket.destroy()
    this.sockets.clear()
    this.forwarding = true
  }

  async close(): Promise<void> {
    this.blackhole()
    await new Promise<void>((resolve) => this.server?.close(() => resolve()))
  }

  private accept(client: net.Socket): void {
    this.sockets.add(client)
    client.on('close', () => this.sockets.delete(client))
    client.on('error', () => client.destroy())
    if (!this.forwarding) return
    const upstream = net.connect(this.targetPort, this.targetHost)
    this.sockets.add(upstream)
    upstream.on('close', () => {
      this.sockets.delete(upstream)
      client.destroy()
    })
    upstream.on('error', () => upstream.destroy())
    client.on('close', () => upstream.destroy())
    client.pipe(upstream)
    upstream.pipe(client)
  }
}
