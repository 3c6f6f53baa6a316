import { pesquisaEstadoSchema, type PesquisaEstado, type PesquisaRespostaInput } from '@legiao/contracts/pesquisa';
import { http } from '../../../shared/api/http';

/** POST /pesquisa: answers the current question; the server answers the next one or the end. */
export async function responderPesquisa(body: PesquisaRespostaInput): Promise<PesquisaEstado> {
  return pesquisaEstadoSchema.parse(await http('/pesquisa', { method: 'POST', body }));
}
