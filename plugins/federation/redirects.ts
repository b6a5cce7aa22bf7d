/**
 * Whether the app may have the browser sent to `url` after a provider sign-in: it must start
 * with PUBLIC_APP_URL (unset: PUBLIC_URL) or one of OAUTH_REDIRECT_URLS at a boundary of the URL, so that the prefix
 * https://app.example.com admits https://app.example.com/done but not https://app.example.com.evil.net.
 */
export function allowedRedirect (url: string, prefixes: string[]): boolean {
  if (url.length > 2048 || /[\s\\]/.test(url)) return false
  try {
    new URL(url) // eslint-disable-line no-new
  } catch {
    return false
  }
  return prefixes.some((prefix) => url === prefix ||
    (url.startsWith(prefix) && (/[/?#]$/.test(prefix) || /^[/?#]/.test(url.slice(prefix.length)))))
}

/** `url` with one more query parameter (codes and errors for the app; never a token). */
export function withParam (url: string, name: string, value: string): string {
  const target = new URL(url)
  target.searchParams.set(name, value)
  return target.toString()
}
