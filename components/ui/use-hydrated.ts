import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in the server's HTML and while React hydrates it, true once the component runs in the browser. A form whose
 * submit is handled in code keeps that button disabled until then: a click before hydration would otherwise submit
 * the form natively, a GET of the same page with the text in its address, which reloads the page and sends nothing.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
