import { leadResponseSchema, type Lead, type LeadResponse } from '@legiao/contracts/leads';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

/** POST /Leads/Create: stores the lead and answers its 40% coupon (the same one again for a known e-mail). */
export async function createLead(lead: Lead): Promise<LeadResponse> {
  return leadResponseSchema.parse(await http('/Leads/Create', { method: 'POST', body: lead }));
}

export function useCreateLead() {
  return useMutation({ mutationFn: createLead });
}
