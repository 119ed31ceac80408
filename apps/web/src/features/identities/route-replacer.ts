/** Replaces the current route; the app shell hands in its router's navigate (identity-returns.tsx). */
let replaceRoute: (path: string) => void = (path) => window.location.replace(path);

export function setRouteReplacer(replace: (path: string) => void): void {
  replaceRoute = replace;
}

export function routeReplacer(): (path: string) => void {
  return replaceRoute;
}
