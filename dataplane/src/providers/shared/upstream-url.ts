/**
 * `base` (a provider's base URL, trailing slashes ignored) joined with `path`, as one URL object per pair for the
 * process's life: the pairs are few (configured bases × fixed paths or catalog models), and parsing a URL on
 * every call cost a request ~1 µs. The URL is shared: callers read it and never change it.
 */
const cache = new Map<string, URL>();

export function upstreamUrl(base: string, path: string): URL {
  const key = `${base}\n${path}`;
  let url = cache.get(key);
  if (url === undefined) {
    url = new URL(`${base.replace(/\/+$/, "")}${path}`);
    cache.set(key, url);
  }
  return url;
}
