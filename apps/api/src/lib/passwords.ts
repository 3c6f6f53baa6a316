import bcrypt from 'bcrypt';

export const hashPassword = (password: string, cost: number) => bcrypt.hash(password, cost);
export const verifyPassword = (password: string, hash: string) => bcrypt.compare(password, hash);

let dummy: Promise<string> | undefined;
/** Spend the same time when the account doesn't exist, so timing doesn't reveal which e-mails exist. */
export async function burnPasswordCheck(password: string, cost: number) {
  dummy ??= bcrypt.hash('legiao-dummy-password', cost);
  await bcrypt.compare(password, await dummy);
}
