import bcrypt from 'bcrypt';
import { fitsPasswordLimit } from '@legiao/contracts/password';

export const hashPassword = (password: string, cost: number) => bcrypt.hash(password, cost);
/**
 * bcrypt compares only the first 72 bytes: a longer password would match every password sharing
 * them. None can be set any more, so one that long is simply wrong, and never reaches bcrypt (ADR 0039).
 */
export const verifyPassword = async (password: string, hash: string) => fitsPasswordLimit(password) && bcrypt.compare(password, hash);

let dummy: Promise<string> | undefined;
/** Spend the same time when the account doesn't exist, so timing doesn't reveal which e-mails exist. */
export async function burnPasswordCheck(password: string, cost: number) {
  dummy ??= bcrypt.hash('legiao-dummy-password', cost);
  await bcrypt.compare(password, await dummy);
}
