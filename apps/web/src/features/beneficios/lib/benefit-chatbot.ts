import { STORAGE } from '@legiao/contracts/storage-keys';

/**
 * The benefit chosen through a chatbot link (?beneficio=, kept by the landing and the login):
 * read once and removed, so the modal opens a single time.
 */
export function consumeBenefitChatbot(): number | null {
  let value: string | null = null;
  try {
    value = window.localStorage.getItem(STORAGE.beneficioChatbot);
    if (value !== null) window.localStorage.removeItem(STORAGE.beneficioChatbot);
  } catch {
    return null; // storage disabled
  }
  if (value === null) return null;
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) {
    console.warn('Benefício do chatbot inválido:', value);
    return null;
  }
  return id;
}
