/**
 * Where the e-mails' links point: every link is absolute to PUBLIC_URL (the portal), the store's
 * links to STORE_URL. The app's config has both fields, so callers pass `config` itself.
 */
export interface MailSite {
  publicUrl: string;
  storeUrl: string;
}

export const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;
