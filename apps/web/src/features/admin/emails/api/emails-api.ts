import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { EmailPreview, EmailTemplateSummary, EmailTestSent } from '@legiao/contracts/admin/emails';
import { http } from '../../../../shared/api/http';

// The e-mail previews' calls (docs/decisions/0048-email-templates.md).

export const useEmailTemplates = () =>
  useQuery(queryOptions({ queryKey: ['admin', 'emails'], queryFn: ({ signal }) => http<EmailTemplateSummary[]>('/admin/emails', { signal }) }));

export const useEmailPreview = (key: string | undefined) =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'emails', key],
      queryFn: ({ signal }) => http<EmailPreview>(`/admin/emails/${encodeURIComponent(key!)}`, { signal }),
      enabled: !!key,
    }),
  );

/** POST /admin/emails/{chave}/enviar-teste: the sample to the staff member's own address (202). */
export const useSendTestEmail = () =>
  useMutation({ mutationFn: (key: string) => http<EmailTestSent>(`/admin/emails/${encodeURIComponent(key)}/enviar-teste`, { method: 'POST' }) });
