-- AlterTable
ALTER TABLE "email_saida" ADD COLUMN     "concessao" UUID;

