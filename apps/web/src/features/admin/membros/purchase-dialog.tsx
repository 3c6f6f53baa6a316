import { useState } from 'react';
import { LEGION_TOTAL, OFFICIAL_SITE_PLACE } from '@legiao/contracts';
import { purchaseInputSchema, type MemberDetail } from '@legiao/contracts/admin/membros';
import { Modal } from '../../../shared/ui/modal';
import { errorMessage } from '../../../shared/api/api-error';
import { FormActions, TextInput, notifySuccess, useAdminForm } from '../ui/index';
import { postPurchase, useMemberWrite } from './members-api';

// "Registrar compra verificada" (ADR 0041): a purchase the store's systems did not send (a till
// offline, a sale by phone), with the same effects as the store's: legion numbers, points, the
// referral it confirms. Origin 'equipe', in the audit trail.

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

export function PurchaseDialog({ m, onClose }: { m: MemberDetail; onClose: () => void }) {
  const form = useAdminForm(purchaseInputSchema, { sku: '', quantidade: 1, quantidadePresente: 0, dataCompra: today(), codigoPedido: '', localCompra: OFFICIAL_SITE_PLACE });
  const [error, setError] = useState<string | null>(null);
  const w = useMemberWrite((body: Parameters<typeof postPurchase>[1]) => postPurchase(m.id, body));
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (body) => {
    setError(null);
    try {
      notifySuccess((await w.mutateAsync(body)).message);
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    }
  });
  return (
    <Modal titulo="Registrar compra verificada" onClose={onClose}>
      <form className="admin-form membros-compra" onSubmit={(e) => void submit(e)} noValidate>
        <p>
          Uma compra de {m.nome} que a loja não enviou. Ela vale como as compras da loja: cada unidade recebe o próximo número da Legião (de 1 a {LEGION_TOTAL}), o membro ganha os pontos e uma
          indicação que esperava a primeira compra é confirmada. Fica na auditoria, com a origem “Equipe”.
        </p>
        <TextInput label="SKU do produto" error={errors.sku} autoComplete="off" {...form.register('sku')} data-autofocus />
        <div className="membros-grade">
          <TextInput label="Quantidade" type="number" inputMode="numeric" min={1} max={99} error={errors.quantidade} {...form.register('quantidade', { valueAsNumber: true })} />
          <TextInput label="Unidades para presente" type="number" inputMode="numeric" min={0} max={99} error={errors.quantidadePresente} {...form.register('quantidadePresente', { valueAsNumber: true })} />
          <TextInput label="Data da compra" type="date" max={today()} error={errors.dataCompra} {...form.register('dataCompra')} />
          <TextInput label="Local da compra" error={errors.localCompra} maxLength={60} {...form.register('localCompra')} />
        </div>
        <TextInput label="Pedido ou referência" hint="O número do pedido na loja; sem pedido, uma referência do atendimento" error={errors.codigoPedido} maxLength={80} {...form.register('codigoPedido')} />
        {error && (
          <p className="admin-campo__erro" role="alert">
            {error}
          </p>
        )}
        <FormActions busy={w.isPending} submitLabel="Registrar compra" onCancel={onClose} />
      </form>
    </Modal>
  );
}
