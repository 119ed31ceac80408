// oidc-provider ships no type declarations; this declares the little the stand-in uses.
declare module 'oidc-provider' {
  import type { RequestListener } from 'node:http';

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): RequestListener;
    on(event: string, listener: (ctx: never, ...rest: unknown[]) => void): this;
  }
}
