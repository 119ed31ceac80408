// What `zod` resolves to in the browser build. The contract describes each call with zod schemas, but the
// client only reads a call's method and path (the server validates): every schema built here is this one
// inert value, so about 30 KB (gzip) of validation code never ships.
const inert: unknown = new Proxy(function inert() {}, {
  get: (_target, key) => (key === Symbol.toPrimitive || key === 'then' ? undefined : inert),
  apply: () => inert,
});

export const z = inert;
export default inert;
