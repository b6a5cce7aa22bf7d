// The parts of oidc-provider (which ships no types) that the test provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'
  interface Ctx { path: string, body: unknown, type: string }
  interface Interaction {
    prompt: { name: string, details: Record<string, unknown> }
    params: Record<string, unknown>
    session?: { accountId: string }
  }
  class Grant {
    constructor (opts: { accountId: string, clientId: string })
    addOIDCScope (scope: string): void
    addOIDCClaims (claims: string[]): void
    save (): Promise<string>
  }
  export default class Provider {
    constructor (issuer: string, configuration: unknown)
    Grant: typeof Grant
    use (fn: (ctx: Ctx, next: () => Promise<void>) => Promise<void>): void
    callback (): (req: IncomingMessage, res: ServerResponse) => void
    interactionDetails (req: IncomingMessage, res: ServerResponse): Promise<Interaction>
    interactionFinished (req: IncomingMessage, res: ServerResponse, result: unknown, opts?: { mergeWithLastSubmission?: boolean }): Promise<void>
  }
}
