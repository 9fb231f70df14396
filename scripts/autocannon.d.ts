// The part of autocannon's API the search benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Request = { method?: string; path?: string; headers?: Record<string, string>; setupRequest?: (request: Request) => Request }
  type Options = {
    url: string
    headers?: Record<string, string>
    connections?: number
    duration?: number
    amount?: number
    requests?: Request[]
    timeout?: number
  }
  type Result = { requests: { average: number; total: number }; errors: number; timeouts: number; non2xx: number; duration: number }
  type Instance = Promise<Result> & {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): void
  }
  export default function autocannon(options: Options): Instance
}
