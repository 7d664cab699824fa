/** Every key the app keeps in web storage starts with this, so sign-out can remove them all. */
export const APP_STORAGE_PREFIX = 'pd.';

export function clearAppStorage(): void {
  for (const storage of [window.sessionStorage, window.localStorage]) {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (key): key is string => key?.startsWith(APP_STORAGE_PREFIX) ?? false,
    );
    for (const key of keys) storage.removeItem(key);
  }
}
