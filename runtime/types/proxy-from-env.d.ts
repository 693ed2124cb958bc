// proxy-from-env ships no types: the one function this server calls.
declare module "proxy-from-env" {
  /** The proxy URL for a request URL by HTTPS_PROXY / HTTP_PROXY / NO_PROXY (either case), or "" for none. */
  export function getProxyForUrl(url: string | URL): string;
}
