/** The page to return to after a save or cancel: only our own donation screens, never another site. */
export function safeOrigin(from: string | string[] | undefined, fallback = '/'): string {
  if (typeof from !== 'string') return fallback;
  if (!from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return fallback;
  const path = from.split('?')[0]!;
  if (path === '/' || path === '/pickups' || /^\/donations\/\d{4}\/\d{1,2}(\/store-records)?$/.test(path)) return from;
  return fallback;
}
