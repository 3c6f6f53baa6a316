/** Build-time settings (Vite exposes only VITE_* variables to the browser). */
export const env = {
  /** The brand's online store, linked from the member menu for non-staff users. */
  storeUrl: import.meta.env.VITE_STORE_URL || 'https://www.stanley1913.com.br/',
} as const;
