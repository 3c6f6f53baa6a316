import { toast } from 'sonner';
import { errorMessage } from '../../../shared/api/api-error';

// Toasts (sonner; the <Toaster> lives in AdminApp): a short line after each write, the server's
// Portuguese message on failure.
export const notifySuccess = (message: string) => toast.success(message);
export const notifyError = (error: unknown) => toast.error(errorMessage(error));
export { toast };
