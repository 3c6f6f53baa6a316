/**
 * Navigation for code that lives outside React (the HTTP client's 401 handling).
 * The router registers its navigate function on mount; before that, a full page load is used.
 */
type Navigator = (to: string) => void;

let current: Navigator | null = null;

export function registerNavigator(navigator: Navigator | null) {
  current = navigator;
}

export function navigateTo(to: string) {
  if (current) current(to);
  else window.location.assign(to);
}

export function scrollToTop(behavior: ScrollBehavior = 'smooth') {
  window.scrollTo({ top: 0, left: 0, behavior });
}
