import bcrypt from 'bcrypt';

export const hashPassword = (senha: string, cost: number) => bcrypt.hash(senha, cost);
export const verifyPassword = (senha: string, hash: string) => bcrypt.compare(senha, hash);

let dummy: Promise<string> | undefined;
/** Spend the same time when the account doesn't exist, so timing doesn't reveal which e-mails exist. */
export async function burnPasswordCheck(senha: string, cost: number) {
  dummy ??= bcrypt.hash('legiao-dummy-password', cost);
  await bcrypt.compare(senha, await dummy);
}
