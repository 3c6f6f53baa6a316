import { STORAGE } from '@legiao/contracts/storage-keys';

/**
 * The benefit chosen through a chatbot link (?beneficio=, kept by the landing and the login):
 * read once and removed, so the modal opens a single time.
 */
export function consumirBeneficioChatbot(): number | null {
  let valor: string | null = null;
  try {
    valor = window.localStorage.getItem(STORAGE.beneficioChatbot);
    if (valor !== null) window.localStorage.removeItem(STORAGE.beneficioChatbot);
  } catch {
    return null; // storage disabled
  }
  if (valor === null) return null;
  const id = Number(valor);
  if (!Number.isInteger(id) || id <= 0) {
    console.warn('Benefício do chatbot inválido:', valor);
    return null;
  }
  return id;
}
