/**
 * Where the API client sends the user when the server says the session is gone (spec: "an HTTP 401
 * (and 400 on some calls) sends the user to login"). The app installs a handler that navigates with
 * the router to the localized login page; the default does a full page load.
 */
/** `status` is the answer that caused it: 401 (session gone) or 400 (on a logged-in page). */
export type LoginRedirectHandler = (returnTo: string, status: number) => void;

const defaultHandler: LoginRedirectHandler = (returnTo) => {
  window.location.assign(`/login?returnTo=${encodeURIComponent(returnTo)}`);
};

let handler: LoginRedirectHandler = defaultHandler;
let loggedInPages = 0;

/** Installs the redirect handler; returns a function that restores the previous one. */
export function setLoginRedirectHandler(next: LoginRedirectHandler): () => void {
  const previous = handler;
  handler = next;
  return () => {
    handler = previous;
  };
}

/** Sends the user to login, remembering the current address so they come back after signing in. */
export function redirectToLogin(status: number): void {
  const { pathname, search, hash } = window.location;
  handler(`${pathname}${search}${hash}`, status);
}

/**
 * Marks that a page which needs a logged-in user is on screen (RequireAuth calls it). While one is,
 * a 400 answer also redirects to login, as the spec's error catalogue asks. Returns the "leave" function.
 */
export function enterLoggedInPage(): () => void {
  loggedInPages += 1;
  let left = false;
  return () => {
    if (left) return;
    left = true;
    loggedInPages -= 1;
  };
}

export function isOnLoggedInPage(): boolean {
  return loggedInPages > 0;
}
