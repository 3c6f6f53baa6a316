import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { LEGION_TOTAL, OFFICIAL_SITE_PLACE } from '@legiao/contracts';
import { MEMBERS_MSG, type purchaseInputSchema } from '@legiao/contracts/admin/membros';
import type { z } from 'zod';
import { badRequest, conflict } from '../../../errors/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { applyVerifiedPurchases, purchaseRows, sqlInTx } from '../../compra/verified-purchases.js';
import { lockMember, type Actor } from './adjustments.service.js';
import { inTransaction } from './transaction.js';

// "Registrar compra verificada" on the member's page (docs/decisions/0041-store-integration.md): a
// purchase the store's systems missed (a till offline, a sale by phone), typed by staff. The same
// effects as an import or the store integration (the one purchases module), origem 'equipe', in one
// transaction with its audit row, after the member's row lock (as every action of this page).

type PurchaseInput = z.output<typeof purchaseInputSchema>;

export async function registerPurchase(app: FastifyInstance, memberId: string, input: PurchaseInput, actor: Actor) {
  return inTransaction(app.ctx.prisma, async (tx) => {
    const member = await lockMember(tx, memberId);
    if (member.excluido) throw conflict(MEMBERS_MSG.contaExcluida, 'CONTA_EXCLUIDA');
    const [product] = await tx.$queryRaw<{ id: number; nome: string; sku: string }[]>`SELECT id, nome, sku FROM produto WHERE upper(sku) = upper(${input.sku})`;
    if (!product) throw badRequest(MEMBERS_MSG.compraSkuDesconhecido, 'SKU_DESCONHECIDO');
    if (await tx.pedidoLoja.count({ where: { pedido: input.codigoPedido, estado: 'cancelado' } })) throw conflict(MEMBERS_MSG.compraCancelada, 'PEDIDO_CANCELADO');
    const id = randomUUID();
    const sql = sqlInTx(tx);
    const row = { id, usuarioId: memberId, produtoId: product.id, quantidade: input.quantidade, quantidadePresente: input.quantidadePresente, data: input.dataCompra, pedido: input.codigoPedido, localCompra: input.localCompra ?? OFFICIAL_SITE_PLACE };
    const effects = await applyVerifiedPurchases(sql, purchaseRows([row]), 'equipe');
    if (effects.entradas === 0) throw conflict(MEMBERS_MSG.compraJaRegistrada, 'COMPRA_JA_REGISTRADA');
    const numbers = (await sql.rows<{ numero: number }>(`SELECT numero FROM numero_legionario WHERE produto_cliente_id = $1::uuid ORDER BY numero`, [id])).map((n) => n.numero);
    const after = { produtoClienteId: id, sku: product.sku, produto: product.nome, quantidade: input.quantidade, quantidadePresente: input.quantidadePresente, dataCompra: input.dataCompra, codigoPedido: input.codigoPedido, localCompra: row.localCompra, numeros: numbers, indicacoesConfirmadas: effects.indicacoes };
    await recordAudit(tx, { actorId: actor.staffId, action: 'membro.registrar-compra', entity: 'membro', entityId: memberId, before: null, after, requestId: actor.requestId });
    const told = numbers.length ? ` Números da Legião: ${numbers.map((n) => `${n}/${LEGION_TOTAL}`).join(', ')}.` : '';
    return { message: `Compra verificada registrada: ${product.nome} (pedido ${input.codigoPedido}).${told}` };
  });
}
