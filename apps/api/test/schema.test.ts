import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../src/config.js';
import { Prisma } from '../src/db/prisma.js';
import { listMigrations } from '../src/db/migrate.js';
import { randomCpf } from './support/cpf.js';
import { uniqueEmail } from './support/factories.js';
import { buildTestApp, type TestApp } from './support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ms = (iso: string) => new Date(iso); // DateTime(3): millisecond precision survives
const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`); // @db.Date keeps the day only

/**
 * One case per model: a row with EVERY scalar field set, the table it lives in, and how to read
 * it back. A field added to schema.prisma without a migration fails here (the column is missing),
 * and a field added without a case here fails the coverage check.
 */
async function roundTripCases() {
  const userData = {
    id: randomUUID(),
    email: uniqueEmail('schema'),
    senhaHash: '$2b$04$abcdefghijklmnopqrstuuABCDEFGHIJKLMNOPQRSTUVWXYZ01234',
    nome: 'Ana Esquema',
    cpf: randomCpf(),
    celular: '11987654321',
    cep: '01310100',
    endereco: 'Avenida Paulista',
    numero: '1000',
    complemento: 'Conjunto 42',
    cidade: 'São Paulo',
    uf: 'SP',
    dataNascimento: day('1991-07-22'),
    genero: 'outro',
    optInEmail: true,
    optInSms: true,
    optInWhatsapp: true,
    optOut: true,
    tipo: 'colaborador' as const,
    admin: true,
    ativo: true,
    ativadoEm: ms('2026-01-02T03:04:05.678Z'),
    social: true,
    socialProvider: 'google',
    origem: 'instagram',
    hashIndicacao: `ind-${randomUUID()}`,
    hash: randomUUID(),
    hashPesquisaSatisfacao: `pesq-${randomUUID()}`,
    perfil: 'estiloso',
    dataCadastro: ms('2025-12-31T23:59:59.999Z'),
    dataAtualizacao: ms('2026-01-01T00:00:00.001Z'),
    excluidoEm: ms('2026-06-06T06:06:06.606Z'),
    bloqueadoEm: ms('2026-06-06T07:07:07.707Z'),
    motivoBloqueio: 'Fraude confirmada',
    emailDevolvidoEm: ms('2026-06-06T09:09:09.909Z'),
    alteradoEm: ms('2026-06-06T08:08:08.808Z'),
  };
  const user = await t.prisma.usuario.create({ data: userData });
  // alterado_em (and alterado_xid) are the trigger usuario_alterado's, whatever the insert says (ADR 0045).
  expect(Date.now() - user.alteradoEm.getTime()).toBeLessThan(60_000);
  userData.alteradoEm = user.alteradoEm;
  const tokenData = { id: randomUUID(), usuarioId: user.id, tipo: 'recuperacao_senha' as const, secretHash: `h-${randomUUID()}`, expiraEm: ms('2030-05-05T05:05:05.505Z'), usadoEm: ms('2026-02-02T02:02:02.202Z'), criadoEm: ms('2026-02-01T01:01:01.101Z') };
  const sessionData = { id: randomUUID(), usuarioId: user.id, criadaEm: ms('2026-03-03T03:03:03.303Z'), expiraEm: ms('2026-03-04T03:03:03.303Z'), revogadaEm: ms('2026-03-03T04:04:04.404Z'), ip: '203.0.113.7', userAgent: 'Vitest/4' };
  const emailData = { id: randomUUID(), para: uniqueEmail('schema-mail'), assunto: 'Assunto ç', texto: 'Texto', html: '<p>Html</p>', status: 'falhou' as const, tentativas: 7, proximaTentativa: ms('2026-04-04T04:04:04.404Z'), ultimoErro: 'ECONNREFUSED', criadoEm: ms('2026-04-01T00:00:00.000Z'), enviadoEm: ms('2026-04-02T00:00:00.000Z'), lease: randomUUID() };
  // Far above anything the serial sequence hands out to other tests running in parallel.
  const productData = {
    id: 1_000_000_000 + randomInt(1_000_000_000),
    sku: `SKU-${randomUUID()}`,
    nome: 'Copo Térmico Esquema 473ml',
    nomeBusca: 'copo termico esquema 473ml',
    categoria: 'Copos',
    subcategoria: 'Térmicos',
    img: 'https://cdn.legiao.test/copo.png',
    imgAlternativa: 'https://cdn.legiao.test/copo-2.png',
    imagem3: 'https://cdn.legiao.test/copo-3.png',
    imagem4: 'https://cdn.legiao.test/copo-4.png',
    descricaoDetalhe: 'Aço inox, parede dupla.',
    tempoQuente: 6,
    tempoGelado: 12,
    tempoComGelo: 24,
    moldura: 'artista',
    ativo: false,
    numerosAtribuidos: 3,
    criadoEm: ms('2026-05-01T10:00:00.000Z'),
    atualizadoEm: ms('2026-05-02T10:00:00.000Z'),
  };
  const product = await t.prisma.produto.create({ data: productData });
  // The store integration (docs/decisions/0041-store-integration.md).
  const apiClientData = { id: randomUUID(), nome: 'Loja Esquema', escopos: ['pedidos:enviar', 'cupons:usar'], limitePorMinuto: 120, criadoPor: user.id, criadoEm: ms('2026-05-01T00:00:00.000Z'), revogadoEm: ms('2026-05-09T00:00:00.000Z'), ultimoUsoEm: ms('2026-05-08T00:00:00.000Z'), ultimoUsoIp: '203.0.113.9' };
  const apiClient = await t.prisma.clienteIntegracao.create({ data: apiClientData });
  const apiKeyData = { id: randomUUID(), clienteId: apiClient.id, prefixo: randomUUID().replace(/-/g, '').slice(0, 12), hash: 'b'.repeat(64), criadaEm: ms('2026-05-01T00:00:00.000Z'), expiraEm: ms('2026-05-02T00:00:00.000Z'), revogadaEm: ms('2026-05-03T00:00:00.000Z'), ultimoUsoEm: ms('2026-05-01T12:00:00.000Z') };
  const storeOrderData = {
    id: randomUUID(), pedido: `LOJA-${randomUUID()}`, clienteId: apiClient.id, canal: 'Site oficial', email: userData.email, cpf: userData.cpf, dataCompra: day('2026-05-10'), estado: 'cancelado' as const, situacao: 'cancelado' as const,
    conteudo: 'c'.repeat(64), corpo: { itens: [{ sku: 'X', quantidade: 1, quantidadePresente: 0 }] }, usuarioId: user.id, recebidoEm: ms('2026-05-10T10:00:00.000Z'), aplicadoEm: ms('2026-05-10T10:00:00.001Z'), canceladoEm: ms('2026-05-11T10:00:00.000Z'),
  };
  const storeOrder = await t.prisma.pedidoLoja.create({ data: storeOrderData });
  const storeOrderItemData = { pedidoLojaId: storeOrder.id, produtoId: product.id, quantidade: 3, quantidadePresente: 1 };
  const batchData = { clienteId: apiClient.id, chave: `lote-${randomUUID()}`, corpo: 'd'.repeat(64), status: 409, resposta: { pedidos: [] }, criadoEm: ms('2026-05-10T11:00:00.000Z') };
  const queueEntryData = {
    id: randomUUID(), usuarioId: user.id, produtoId: product.id, quantidade: 4, dataCompra: day('2026-05-10'), localCompra: 'Mercado Livre', produtoValidado: true, presente: true, quantidadePresente: 2, codigoPedido: `PED-${randomUUID()}`,
    origem: 'integracao' as const, pedidoLojaId: storeOrder.id, canceladoEm: ms('2026-05-11T10:00:00.000Z'), criadoEm: ms('2026-05-11T00:00:00.000Z'), atualizadoEm: ms('2026-05-12T00:00:00.000Z'),
  };
  const entry = await t.prisma.produtoCliente.create({ data: queueEntryData });
  const numberData = { produtoId: product.id, numero: 1913, produtoClienteId: entry.id, atribuidoEm: ms('2026-05-13T00:00:00.000Z') };
  // The economy (docs/decisions/0009-economy.md). Ids of autoincrement tables are set far above
  // what the sequences hand out to tests running in parallel.
  const bigId = () => 1_000_000_000 + randomInt(1_000_000_000);
  const referred = await t.prisma.usuario.create({ data: { email: uniqueEmail('schema-indicado'), nome: 'Indicado Esquema', cpf: randomCpf() } });
  const referralData = { id: randomUUID(), indicadorId: user.id, indicadoId: referred.id, cpfDigest: `cpf-${randomUUID()}`, emailDigest: `email-${randomUUID()}`, status: 'confirmada' as const, criadaEm: ms('2026-06-01T00:00:00.000Z'), confirmadaEm: ms('2026-06-02T00:00:00.000Z') };
  const benefitData = {
    id: bigId(),
    chave: `schema-${randomUUID()}`,
    nome: 'Benefício Esquema',
    tipo: 'ParIngressoSpantaRJ',
    descricao: 'Descrição',
    urlImagem: '/beneficios/spanta-rj.svg',
    valor: 3,
    evento: true,
    dataEvento: ms('2027-01-17T19:00:00.000Z'),
    textoLegal: 'Texto legal',
    urlBeneficio: 'https://loja.legiao.example',
    percentualDesconto: 15,
    inicio: ms('2026-06-01T13:00:00.000Z'),
    fim: ms('2027-01-19T23:00:00.000Z'),
    publico: ['legionario' as const, 'lead' as const],
    cidades: ['Niterói', 'Salvador'],
    limitePorMembro: 2,
    modoCupom: 'gerado' as const,
    prefixoCupom: 'ESQ',
    estoque: 7,
    ativo: false,
    ordem: 42,
    experiencia: 'tardezinha' as const,
    criadoEm: ms('2026-06-03T00:00:00.000Z'),
    atualizadoEm: ms('2026-06-04T00:00:00.000Z'),
  };
  const benefit = await t.prisma.beneficio.create({ data: benefitData });
  const optionData = { id: bigId(), beneficioId: benefit.id, nome: 'Sábado, 17/01', data: day('2027-01-17'), estoque: 5, ordem: 1 };
  const option = await t.prisma.beneficioOpcao.create({ data: optionData });
  const couponData = { id: randomUUID(), beneficioId: benefit.id, opcaoId: option.id, codigo: `ESQ-${randomUUID()}`, resgatadoEm: ms('2026-06-05T00:00:00.000Z'), usadoEm: ms('2026-06-06T00:00:00.000Z'), criadoEm: ms('2026-06-04T12:00:00.000Z') };
  const coupon = await t.prisma.cupom.create({ data: couponData });
  // A pool's free-code counter slot (slot 99: the triggers only write 0-15).
  const stockData = { beneficioId: benefit.id, opcaoId: option.id, slot: 99, livres: 3 };
  const redemptionData = { id: bigId(), usuarioId: user.id, beneficioId: benefit.id, opcaoId: option.id, cupomId: coupon.id, valor: 3, chaveIdempotencia: `chave-${randomUUID()}`, criadoEm: ms('2026-06-05T00:00:00.000Z') };
  const redemption = await t.prisma.resgate.create({ data: redemptionData });
  // Each motivo has exactly its cause (CHECK): the other cause columns are null.
  const entryData = { id: randomUUID(), usuarioId: user.id, motivo: 'resgate_beneficio' as const, valor: -3, data: ms('2026-06-05T00:00:00.000Z'), indicacaoId: null, resgateId: redemption.id, produtoClienteId: null, ajusteId: null, estornoDeId: null };
  // A reviewed adjustment (the CHECK wants a reviewer other than the requester once not pending).
  const adjustmentData = { id: randomUUID(), usuarioId: user.id, valor: -2, motivo: 'Correção de crédito duplicado', referencia: 'CHAMADO-1', corrigeLancamentoId: randomUUID(), status: 'aprovado' as const, solicitanteId: randomUUID(), revisorId: randomUUID(), motivoRecusa: null, criadoEm: ms('2026-06-05T01:00:00.000Z'), revisadoEm: ms('2026-06-05T02:00:00.000Z') };
  const ffData = { id: randomUUID(), usuarioId: user.id, mes: '2026-06', ordem: 5, codigo: `FF-${randomUUID()}`, percentual: 20, validoAte: day('2026-06-30'), usadoEm: ms('2026-06-10T00:00:00.000Z'), criadoEm: ms('2026-06-01T03:00:00.000Z') };
  const leadData = { id: randomUUID(), email: uniqueEmail('schema-lead'), nome: 'Lead Esquema', celular: '11987654321', dataNascimento: day('1995-01-31'), cep: '01310100', optInEmail: true, optInCelular: true, origem: 'expert-xp', cupom: `XP40-${randomUUID()}`, percentual: 40, criadoEm: ms('2026-06-07T00:00:00.000Z') };
  const accountSocialData = { id: randomUUID(), usuarioId: user.id, provider: 'google', providerUserId: `sub-${randomUUID()}`, email: uniqueEmail('schema-social'), criadoEm: ms('2026-06-01T00:00:00.000Z'), ultimoUsoEm: ms('2026-06-02T00:00:00.000Z') };
  const consentData = { id: randomUUID(), usuarioId: user.id, canal: 'whatsapp' as const, concedido: true, origem: 'integracao', clienteId: randomUUID(), ip: '198.51.100.4', userAgent: 'Vitest/4', criadoEm: ms('2026-06-03T00:00:00.000Z') };
  const emailChangeData = { id: randomUUID(), usuarioId: user.id, novoEmail: uniqueEmail('schema-novo'), secretHash: `h-${randomUUID()}`, expiraEm: ms('2026-06-05T00:00:00.000Z'), usadoEm: ms('2026-06-04T12:00:00.000Z'), criadoEm: ms('2026-06-04T00:00:00.000Z') };
  // Engagement (docs/decisions/0012-banners-faq.md).
  const bannerData = { id: bigId(), chave: `banner-${randomUUID()}`, nome: 'Banner Esquema', perfil: 'outsider', lead: false, urlImagemMobile: '/banners/m.svg', urlImagemDesktop: '/banners/d.svg', textoAlternativo: 'Alt', ativo: false, ordem: 3, criadoEm: ms('2026-06-01T00:00:00.000Z'), atualizadoEm: ms('2026-06-02T00:00:00.000Z') };
  const bannerSiteData = {
    id: bigId(), chave: `banner-site-${randomUUID()}`, nome: 'Lançamento Esquema', regiao: 'pre_venda' as const, titulo: 'Título', texto: 'Texto', urlImagem: '/banners/d.svg', urlImagemMobile: '/banners/m.svg',
    urlLink: 'https://loja.legiao.dev', textoBotao: 'Comprar', beneficioId: benefit.id, inicio: ms('2026-06-01T13:30:00.000Z'), fim: ms('2026-07-01T20:59:59.000Z'), contagemAte: ms('2026-06-15T17:00:00.000Z'),
    cidades: ['Niterói'], abas: { sobre: 'Sobre', cores: [{ nome: 'Preto', hex: '#000000' }], produtos: [] }, ativo: false, ordem: 4, criadoEm: ms('2026-06-01T00:00:00.000Z'), atualizadoEm: ms('2026-06-02T00:00:00.000Z'),
  };
  const faqData = { id: bigId(), chave: `faq-${randomUUID()}`, pergunta: 'Pergunta?', resposta: 'Resposta.', categoria: 'duvidas' as const, ativo: false, ordem: 5, criadoEm: ms('2026-06-01T00:00:00.000Z'), atualizadoEm: ms('2026-06-02T00:00:00.000Z') };
  // Surveys (docs/decisions/0014-pesquisas.md).
  const surveyData = { id: bigId(), chave: `pesquisa-${randomUUID()}`, tipo: 'satisfacao' as const, nome: 'Pesquisa Esquema', ativa: false, dataFim: ms('2026-12-31T23:59:59.999Z'), criadaEm: ms('2026-06-01T00:00:00.000Z') };
  const survey = await t.prisma.pesquisa.create({ data: surveyData });
  const questionData = { id: bigId(), pesquisaId: survey.id, ordem: 7, pagina: 2, descricao: 'Pergunta Esquema?', maxRespostas: 3 };
  const question = await t.prisma.pesquisaPergunta.create({ data: questionData });
  const surveyOptionData = { id: bigId(), perguntaId: question.id, ordem: 2, descricao: 'Outro', complemento: true, exigeComplemento: true, textoComplemento: 'Qual?', perfil: 'estiloso' };
  const surveyOption = await t.prisma.pesquisaPerguntaResposta.create({ data: surveyOptionData });
  const participationData = { id: bigId(), pesquisaId: survey.id, usuarioId: user.id, pagina: 5, concluidaEm: ms('2026-06-09T00:00:00.000Z'), cupom: `PESQ-${randomUUID()}`, perfil: 'outsider', criadaEm: ms('2026-06-08T00:00:00.000Z'), atualizadaEm: ms('2026-06-09T00:00:00.000Z') };
  const participation = await t.prisma.pesquisaParticipacao.create({ data: participationData });
  const userAnswerData = { id: bigId(), participacaoId: participation.id, perguntaId: question.id, opcaoId: surveyOption.id, complemento: 'Um texto com detalhes', criadaEm: ms('2026-06-08T12:00:00.000Z') };
  const staffRoleData = { usuarioId: user.id, role: 'marketing' as const, grantedAt: ms('2026-06-02T00:00:00.000Z') };
  const auditData = { id: randomUUID(), actorId: user.id, action: 'beneficio.editar', entity: 'beneficio', entityId: '42', before: { nome: 'Antes' }, after: { nome: 'Depois', cidades: ['Niterói'] }, requestId: 'req-esquema', createdAt: ms('2026-06-03T00:00:00.000Z'), order: 2_000_000_000 };
  // Code pools and images (docs/decisions/0028-code-pools-and-images.md).
  const couponImportData = {
    id: randomUUID(), benefitId: benefit.id, optionId: option.id, fileName: 'codigos.csv', bytes: 1234, state: 'concluido' as const, lines: 10, invalid: 1, duplicateInFile: 2,
    alreadyFree: 3, alreadyIssued: 1, otherPool: 1, fresh: 2, staged: 9, processed: 9, added: 2, preview: [{ linha: 1, texto: 'A-1', codigo: 'A-1', situacao: 'novo' }],
    invalidSamples: [{ linha: 3, texto: 'x', codigo: null, situacao: 'invalido' }], error: 'nenhum', createdById: user.id, createdAt: ms('2026-06-03T00:00:00.000Z'),
    updatedAt: ms('2026-06-03T00:01:00.000Z'), confirmedAt: ms('2026-06-03T00:00:30.000Z'), finishedAt: ms('2026-06-03T00:01:00.000Z'),
  };
  const couponImportCodeData = { importId: couponImportData.id, n: 7, code: `ESQ-${randomUUID()}` };
  const couponAlertData = { benefitId: benefit.id, minimum: 250 };
  const dataImportData = {
    id: randomUUID(), kind: 'usos_cupom' as const, fileName: 'usos.csv', bytes: 321, state: 'falhou' as const, header: ['cupom', 'data'], mapping: { codigo: 'cupom' }, lines: 4,
    dryRun: { marcar: 2, jaUsados: 1, recusadas: 1 }, result: { marcar: 1 }, total: 2, processed: 1, error: 'parou', createdById: user.id, createdAt: ms('2026-06-04T00:00:00.000Z'),
    updatedAt: ms('2026-06-04T00:01:00.000Z'), appliedAt: ms('2026-06-04T00:00:30.000Z'), finishedAt: ms('2026-06-04T00:01:00.000Z'),
  };
  const dataImportRowData = {
    importId: dataImportData.id, line: 3, status: 'existente', reason: 'já registrado', text: 'P1;a@b.com;SKU;1;2025-01-01', order: 2, orderCode: 'P1', email: 'a@b.com', cpf: '52998224725',
    productId: product.id, quantity: 2, date: new Date('2025-01-01T00:00:00.000Z'), code: 'ABC-123', memberId: user.id, entryId: randomUUID(),
  };
  const imageData = {
    id: randomUUID(), hash: 'a'.repeat(64), use: 'beneficio', fileName: 'foto.jpg', format: 'jpeg', width: 1280, height: 720, bytes: 54321, url: '/imagens/0123456789abcdef-640x360.jpg',
    variants: [{ largura: 640, altura: 360, formato: 'jpeg', url: '/imagens/0123456789abcdef-640x360.jpg', bytes: 1000 }], createdById: user.id, createdAt: ms('2026-06-03T00:00:00.000Z'),
  };
  // Outgoing webhooks (docs/decisions/0042-webhooks.md).
  const eventData = { id: 'evt_00000000000000000000000000000001', tipo: 'webhook.teste', versao: 1, dados: { mensagem: 'x' }, criadoEm: new Date('2001-02-03T04:05:06.789Z'), membroId: '00000000-0000-4000-8000-00000000e0a1' };
  const readLogData = { id: BigInt(1_000_000_000 + randomInt(1_000_000_000)), clienteId: randomUUID(), endpointId: randomUUID(), nome: 'CRM', usuarioId: user.id, motivo: 'consulta', criadoEm: new Date('2001-02-03T04:05:06.789Z') };
  const endpointData = {
    id: '00000000-0000-4000-8000-00000000e001',
    url: 'https://exemplo.com/webhooks',
    descricao: 'd',
    tipos: ['compra.verificada'],
    segredo: 'whsec_a',
    segredoAnterior: 'whsec_b',
    segredoAnteriorAte: new Date('2001-02-04T04:05:06.789Z'),
    pausadoEm: new Date('2001-02-05T04:05:06.789Z'),
    motivoPausa: 'm',
    falhandoDesde: new Date('2001-02-06T04:05:06.789Z'),
    incluirMembro: true,
    criadoPorId: '00000000-0000-4000-8000-000000000001',
    criadoEm: new Date('2001-02-03T04:05:06.789Z'),
    atualizadoEm: new Date('2001-02-03T04:05:07.789Z'),
  };
  const deliveryData = {
    id: '00000000-0000-4000-8000-00000000e002',
    eventoId: eventData.id,
    endpointId: endpointData.id,
    status: 'falhou' as const,
    jobId: '00000000-0000-4000-8000-00000000e003',
    tentativas: 3,
    ultimoCodigo: 500,
    ultimaResposta: 'r',
    ultimoErro: 'e',
    ultimaTentativaEm: new Date('2001-02-03T04:05:08.789Z'),
    entregueEm: new Date('2001-02-03T04:05:09.789Z'),
    criadoEm: new Date('2001-02-03T04:05:06.789Z'),
    prioridade: 0,
  };
  // Launches (docs/decisions/0047-launches.md).
  const launchData = {
    id: randomUUID(),
    slug: `esquema-${randomUUID().slice(0, 8)}`,
    nome: 'Garrafa Esquema',
    urlImagem: '/banners/lancamento.svg',
    sobre: 'Sobre ç',
    cores: [{ nome: 'Azul', hex: '#0000ff' }],
    produtos: [{ nome: 'Garrafa', urlImagem: '/p.png' }],
    skus: ['SKU-ESQUEMA'],
    acessoInicio: ms('2026-12-01T03:00:00.000Z'),
    acessoFim: ms('2026-12-02T03:00:00.000Z'),
    dataPublica: ms('2026-12-03T03:00:00.000Z'),
    cotaPorMembro: 2,
    avisoPrazoMin: 45,
    regra: { condicoes: [{ tipo: 'comprasVerificadas', minimo: 1 }] },
    status: 'publicado' as const,
    criadoPor: user.id,
    atualizadoPor: user.id,
    criadoEm: ms('2026-11-01T00:00:00.000Z'),
    atualizadoEm: ms('2026-11-02T00:00:00.000Z'),
  };
  const launch = await t.prisma.lancamentoProduto.create({ data: launchData });
  const alertData = {
    lancamentoId: launchData.id,
    usuarioId: user.id,
    status: 'devolvido' as const,
    pedidoEm: ms('2026-11-30T12:00:00.001Z'),
    canceladoEm: ms('2026-11-30T12:30:00.000Z'),
    onda: 3,
    lote: randomUUID(),
    loteAte: ms('2026-12-01T03:02:00.000Z'),
    tentativas: 2,
    enviadoEm: ms('2026-12-01T03:01:00.000Z'),
    devolvidoEm: ms('2026-12-01T03:09:00.009Z'),
    motivo: 'devolvido: 5.1.1 smtp; 550 5.1.1 <endereço>: User unknown',
    atualizadoEm: ms('2026-12-01T03:01:00.002Z'),
  };
  const waveData = { lancamentoId: launchData.id, numero: 2, criadaEm: ms('2026-12-01T03:00:30.001Z'), tamanho: 1667, restantes: 98_333, filaAguardando: 420, filaAdmissoes: 580, taxa: 580, ritmo: 1100, piso: 1667 };
  const earlyAccessData = { id: randomUUID(), lancamentoId: launchData.id, usuarioId: user.id, codigo: `LGA-${'ABCDEFGHJK'.split('').sort(() => Math.random() - 0.5).join('')}`, cotaUsada: 1, criadoEm: ms('2026-12-01T03:00:01.000Z'), atualizadoEm: ms('2026-12-01T03:00:02.000Z') };
  const launchOrderData = { id: randomUUID(), lancamentoId: launchData.id, usuarioId: user.id, pedidoLojaId: storeOrder.id, unidades: 3, acimaDaCota: true, semDireito: true, canceladoEm: ms('2026-12-01T03:05:00.123Z'), criadoEm: ms('2026-12-01T03:00:03.456Z') };
  return {
    LancamentoProduto: { table: 'lancamento_produto', fields: Prisma.LancamentoProdutoScalarFieldEnum, data: launchData, written: launch, read: () => t.prisma.lancamentoProduto.findUniqueOrThrow({ where: { id: launchData.id } }) },
    LancamentoVisualizacao: {
      table: 'lancamento_visualizacao',
      fields: Prisma.LancamentoVisualizacaoScalarFieldEnum,
      data: { lancamentoId: launchData.id, usuarioId: user.id, primeiraEm: ms('2026-12-01T02:55:00.001Z'), elegivel: true, acessadoEm: ms('2026-12-01T03:00:03.000Z') },
      written: await t.prisma.lancamentoVisualizacao.create({ data: { lancamentoId: launchData.id, usuarioId: user.id, primeiraEm: ms('2026-12-01T02:55:00.001Z'), elegivel: true, acessadoEm: ms('2026-12-01T03:00:03.000Z') } }),
      read: () => t.prisma.lancamentoVisualizacao.findUniqueOrThrow({ where: { lancamentoId_usuarioId: { lancamentoId: launchData.id, usuarioId: user.id } } }),
    },
    LancamentoAviso: {
      table: 'lancamento_aviso',
      fields: Prisma.LancamentoAvisoScalarFieldEnum,
      data: alertData,
      written: await t.prisma.lancamentoAviso.create({ data: alertData }),
      read: () => t.prisma.lancamentoAviso.findUniqueOrThrow({ where: { lancamentoId_usuarioId: { lancamentoId: launchData.id, usuarioId: user.id } } }),
    },
    LancamentoAvisoOnda: {
      table: 'lancamento_aviso_onda',
      fields: Prisma.LancamentoAvisoOndaScalarFieldEnum,
      data: waveData,
      written: await t.prisma.lancamentoAvisoOnda.create({ data: waveData }),
      read: () => t.prisma.lancamentoAvisoOnda.findUniqueOrThrow({ where: { lancamentoId_numero: { lancamentoId: launchData.id, numero: 2 } } }),
    },
    LancamentoFila: {
      table: 'lancamento_fila',
      fields: Prisma.LancamentoFilaScalarFieldEnum,
      data: { lancamentoId: launchData.id, abertura: ms('2026-12-01T03:00:00.000Z'), ligadaEm: ms('2026-12-01T02:55:00.000Z'), ate: ms('2026-12-01T03:15:00.000Z'), desligadaEm: ms('2026-12-01T03:15:00.000Z'), motivo: 'horario' },
      written: await t.prisma.lancamentoFila.create({ data: { lancamentoId: launchData.id, abertura: ms('2026-12-01T03:00:00.000Z'), ligadaEm: ms('2026-12-01T02:55:00.000Z'), ate: ms('2026-12-01T03:15:00.000Z'), desligadaEm: ms('2026-12-01T03:15:00.000Z'), motivo: 'horario' } }),
      read: () => t.prisma.lancamentoFila.findUniqueOrThrow({ where: { lancamentoId_abertura: { lancamentoId: launchData.id, abertura: ms('2026-12-01T03:00:00.000Z') } } }),
    },
    AcessoAntecipado: { table: 'acesso_antecipado', fields: Prisma.AcessoAntecipadoScalarFieldEnum, data: earlyAccessData, written: await t.prisma.acessoAntecipado.create({ data: earlyAccessData }), read: () => t.prisma.acessoAntecipado.findUniqueOrThrow({ where: { id: earlyAccessData.id } }) },
    LancamentoPedido: { table: 'lancamento_pedido', fields: Prisma.LancamentoPedidoScalarFieldEnum, data: launchOrderData, written: await t.prisma.lancamentoPedido.create({ data: launchOrderData }), read: () => t.prisma.lancamentoPedido.findUniqueOrThrow({ where: { id: launchOrderData.id } }) },
    CouponImport: { table: 'cupom_importacao', fields: Prisma.CouponImportScalarFieldEnum, data: couponImportData, written: await t.prisma.couponImport.create({ data: couponImportData }), read: () => t.prisma.couponImport.findUniqueOrThrow({ where: { id: couponImportData.id } }) },
    CouponImportCode: { table: 'cupom_importacao_codigo', fields: Prisma.CouponImportCodeScalarFieldEnum, data: couponImportCodeData, written: await t.prisma.couponImportCode.create({ data: couponImportCodeData }), read: () => t.prisma.couponImportCode.findUniqueOrThrow({ where: { importId_n: { importId: couponImportData.id, n: 7 } } }) },
    CouponStockAlert: { table: 'cupom_alerta', fields: Prisma.CouponStockAlertScalarFieldEnum, data: couponAlertData, written: await t.prisma.couponStockAlert.create({ data: couponAlertData }), read: () => t.prisma.couponStockAlert.findUniqueOrThrow({ where: { benefitId: benefit.id } }) },
    Image: { table: 'imagem', fields: Prisma.ImageScalarFieldEnum, data: imageData, written: await t.prisma.image.create({ data: imageData }), read: () => t.prisma.image.findUniqueOrThrow({ where: { id: imageData.id } }) },
    Banner: { table: 'banner', fields: Prisma.BannerScalarFieldEnum, data: bannerData, written: await t.prisma.banner.create({ data: bannerData }), read: () => t.prisma.banner.findUniqueOrThrow({ where: { id: bannerData.id } }) },
    BannerSite: { table: 'banner_site', fields: Prisma.BannerSiteScalarFieldEnum, data: bannerSiteData, written: await t.prisma.bannerSite.create({ data: bannerSiteData }), read: () => t.prisma.bannerSite.findUniqueOrThrow({ where: { id: bannerSiteData.id } }) },
    Faq: { table: 'faq', fields: Prisma.FaqScalarFieldEnum, data: faqData, written: await t.prisma.faq.create({ data: faqData }), read: () => t.prisma.faq.findUniqueOrThrow({ where: { id: faqData.id } }) },
    Pesquisa: { table: 'pesquisa', fields: Prisma.PesquisaScalarFieldEnum, data: surveyData, written: survey, read: () => t.prisma.pesquisa.findUniqueOrThrow({ where: { id: survey.id } }) },
    PesquisaPergunta: { table: 'pesquisa_pergunta', fields: Prisma.PesquisaPerguntaScalarFieldEnum, data: questionData, written: question, read: () => t.prisma.pesquisaPergunta.findUniqueOrThrow({ where: { id: question.id } }) },
    PesquisaPerguntaResposta: { table: 'pesquisa_pergunta_resposta', fields: Prisma.PesquisaPerguntaRespostaScalarFieldEnum, data: surveyOptionData, written: surveyOption, read: () => t.prisma.pesquisaPerguntaResposta.findUniqueOrThrow({ where: { id: surveyOption.id } }) },
    PesquisaParticipacao: { table: 'pesquisa_participacao', fields: Prisma.PesquisaParticipacaoScalarFieldEnum, data: participationData, written: participation, read: () => t.prisma.pesquisaParticipacao.findUniqueOrThrow({ where: { id: participation.id } }) },
    PesquisaRespostaUsuario: { table: 'pesquisa_resposta_usuario', fields: Prisma.PesquisaRespostaUsuarioScalarFieldEnum, data: userAnswerData, written: await t.prisma.pesquisaRespostaUsuario.create({ data: userAnswerData }), read: () => t.prisma.pesquisaRespostaUsuario.findUniqueOrThrow({ where: { id: userAnswerData.id } }) },
    // Back office (docs/decisions/0027-back-office.md).
    StaffRole: { table: 'equipe_papel', fields: Prisma.StaffRoleScalarFieldEnum, data: staffRoleData, written: await t.prisma.staffRole.create({ data: staffRoleData }), read: () => t.prisma.staffRole.findUniqueOrThrow({ where: { usuarioId_role: { usuarioId: user.id, role: 'marketing' } } }) },
    AuditEntry: { table: 'auditoria', fields: Prisma.AuditEntryScalarFieldEnum, data: auditData, written: await t.prisma.auditEntry.create({ data: auditData }), read: () => t.prisma.auditEntry.findUniqueOrThrow({ where: { id: auditData.id } }) },
    Usuario: { table: 'usuario', fields: Prisma.UsuarioScalarFieldEnum, data: userData, written: user, read: () => t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } }) },
    TokenConta: { table: 'token_conta', fields: Prisma.TokenContaScalarFieldEnum, data: tokenData, written: await t.prisma.tokenConta.create({ data: tokenData }), read: () => t.prisma.tokenConta.findUniqueOrThrow({ where: { id: tokenData.id } }) },
    Sessao: { table: 'sessao', fields: Prisma.SessaoScalarFieldEnum, data: sessionData, written: await t.prisma.sessao.create({ data: sessionData }), read: () => t.prisma.sessao.findUniqueOrThrow({ where: { id: sessionData.id } }) },
    EmailSaida: { table: 'email_saida', fields: Prisma.EmailSaidaScalarFieldEnum, data: emailData, written: await t.prisma.emailSaida.create({ data: emailData }), read: () => t.prisma.emailSaida.findUniqueOrThrow({ where: { id: emailData.id } }) },
    Produto: { table: 'produto', fields: Prisma.ProdutoScalarFieldEnum, data: productData, written: product, read: () => t.prisma.produto.findUniqueOrThrow({ where: { id: product.id } }) },
    ProdutoCliente: { table: 'produto_cliente', fields: Prisma.ProdutoClienteScalarFieldEnum, data: queueEntryData, written: entry, read: () => t.prisma.produtoCliente.findUniqueOrThrow({ where: { id: entry.id } }) },
    NumeroLegionario: {
      table: 'numero_legionario',
      fields: Prisma.NumeroLegionarioScalarFieldEnum,
      data: numberData,
      written: await t.prisma.numeroLegionario.create({ data: numberData }),
      read: () => t.prisma.numeroLegionario.findUniqueOrThrow({ where: { produtoId_numero: { produtoId: product.id, numero: 1913 } } }),
    },
    ContaSocial: { table: 'conta_social', fields: Prisma.ContaSocialScalarFieldEnum, data: accountSocialData, written: await t.prisma.contaSocial.create({ data: accountSocialData }), read: () => t.prisma.contaSocial.findUniqueOrThrow({ where: { id: accountSocialData.id } }) },
    Consentimento: { table: 'consentimento', fields: Prisma.ConsentimentoScalarFieldEnum, data: consentData, written: await t.prisma.consentimento.create({ data: consentData }), read: () => t.prisma.consentimento.findUniqueOrThrow({ where: { id: consentData.id } }) },
    AlteracaoEmail: { table: 'alteracao_email', fields: Prisma.AlteracaoEmailScalarFieldEnum, data: emailChangeData, written: await t.prisma.alteracaoEmail.create({ data: emailChangeData }), read: () => t.prisma.alteracaoEmail.findUniqueOrThrow({ where: { id: emailChangeData.id } }) },
    Indicacao: { table: 'indicacao', fields: Prisma.IndicacaoScalarFieldEnum, data: referralData, written: await t.prisma.indicacao.create({ data: referralData }), read: () => t.prisma.indicacao.findUniqueOrThrow({ where: { id: referralData.id } }) },
    Beneficio: { table: 'beneficio', fields: Prisma.BeneficioScalarFieldEnum, data: benefitData, written: benefit, read: () => t.prisma.beneficio.findUniqueOrThrow({ where: { id: benefit.id } }) },
    BeneficioOpcao: { table: 'beneficio_opcao', fields: Prisma.BeneficioOpcaoScalarFieldEnum, data: optionData, written: option, read: () => t.prisma.beneficioOpcao.findUniqueOrThrow({ where: { id: option.id } }) },
    Cupom: { table: 'cupom', fields: Prisma.CupomScalarFieldEnum, data: couponData, written: coupon, read: () => t.prisma.cupom.findUniqueOrThrow({ where: { id: coupon.id } }) },
    CupomEstoque: {
      table: 'cupom_estoque',
      fields: Prisma.CupomEstoqueScalarFieldEnum,
      data: stockData,
      written: await t.prisma.cupomEstoque.create({ data: stockData }),
      read: () => t.prisma.cupomEstoque.findUniqueOrThrow({ where: { beneficioId_opcaoId_slot: { beneficioId: benefit.id, opcaoId: option.id, slot: 99 } } }),
    },
    Resgate: { table: 'resgate', fields: Prisma.ResgateScalarFieldEnum, data: redemptionData, written: redemption, read: () => t.prisma.resgate.findUniqueOrThrow({ where: { id: redemption.id } }) },
    Lancamento: { table: 'lancamento', fields: Prisma.LancamentoScalarFieldEnum, data: entryData, written: await t.prisma.lancamento.create({ data: entryData }), read: () => t.prisma.lancamento.findUniqueOrThrow({ where: { id: entryData.id } }) },
    CupomFriendsFamily: { table: 'cupom_friends_family', fields: Prisma.CupomFriendsFamilyScalarFieldEnum, data: ffData, written: await t.prisma.cupomFriendsFamily.create({ data: ffData }), read: () => t.prisma.cupomFriendsFamily.findUniqueOrThrow({ where: { id: ffData.id } }) },
    AjusteSaldo: { table: 'ajuste_saldo', fields: Prisma.AjusteSaldoScalarFieldEnum, data: adjustmentData, written: await t.prisma.ajusteSaldo.create({ data: adjustmentData }), read: () => t.prisma.ajusteSaldo.findUniqueOrThrow({ where: { id: adjustmentData.id } }) },
    FilaAgendamento: { table: 'fila_agendamento', fields: Prisma.FilaAgendamentoScalarFieldEnum, data: { id: 2_000_001, executarEm: new Date('2001-02-03T04:05:06.789Z'), capacidade: 10, admissoesPorMinuto: 20, pausada: true, descricao: 'x', criadoPor: '00000000-0000-4000-8000-000000000001', criadoEm: new Date('2001-02-03T04:05:06.789Z'), executadoEm: new Date('2001-02-03T04:05:07.789Z'), canceladoEm: new Date('2001-02-03T04:05:08.789Z'), erro: 'e' }, written: await t.prisma.filaAgendamento.create({ data: { id: 2_000_001, executarEm: new Date('2001-02-03T04:05:06.789Z'), capacidade: 10, admissoesPorMinuto: 20, pausada: true, descricao: 'x', criadoPor: '00000000-0000-4000-8000-000000000001', criadoEm: new Date('2001-02-03T04:05:06.789Z'), executadoEm: new Date('2001-02-03T04:05:07.789Z'), canceladoEm: new Date('2001-02-03T04:05:08.789Z'), erro: 'e' } }), read: () => t.prisma.filaAgendamento.findUniqueOrThrow({ where: { id: 2_000_001 } }) },
    PainelMinuto: { table: 'painel_minuto', fields: Prisma.PainelMinutoScalarFieldEnum, data: { minuto: new Date('2001-02-03T04:05:00Z'), aguardando: 1, admitidos: 2, esperaMs: 3, admissoes: 4, erros: 5 }, written: await t.prisma.painelMinuto.create({ data: { minuto: new Date('2001-02-03T04:05:00Z'), aguardando: 1, admitidos: 2, esperaMs: 3, admissoes: 4, erros: 5 } }), read: () => t.prisma.painelMinuto.findUniqueOrThrow({ where: { minuto: new Date('2001-02-03T04:05:00Z') } }) },
    DataImport: { table: 'importacao', fields: Prisma.DataImportScalarFieldEnum, data: dataImportData, written: await t.prisma.dataImport.create({ data: dataImportData }), read: () => t.prisma.dataImport.findUniqueOrThrow({ where: { id: dataImportData.id } }) },
    DataImportRow: { table: 'importacao_linha', fields: Prisma.DataImportRowScalarFieldEnum, data: dataImportRowData, written: await t.prisma.dataImportRow.create({ data: dataImportRowData }), read: () => t.prisma.dataImportRow.findUniqueOrThrow({ where: { importId_line: { importId: dataImportData.id, line: 3 } } }) },
    ClienteIntegracao: { table: 'cliente_integracao', fields: Prisma.ClienteIntegracaoScalarFieldEnum, data: apiClientData, written: apiClient, read: () => t.prisma.clienteIntegracao.findUniqueOrThrow({ where: { id: apiClient.id } }) },
    ChaveIntegracao: { table: 'chave_integracao', fields: Prisma.ChaveIntegracaoScalarFieldEnum, data: apiKeyData, written: await t.prisma.chaveIntegracao.create({ data: apiKeyData }), read: () => t.prisma.chaveIntegracao.findUniqueOrThrow({ where: { id: apiKeyData.id } }) },
    PedidoLoja: { table: 'pedido_loja', fields: Prisma.PedidoLojaScalarFieldEnum, data: storeOrderData, written: storeOrder, read: () => t.prisma.pedidoLoja.findUniqueOrThrow({ where: { id: storeOrder.id } }) },
    PedidoLojaItem: {
      table: 'pedido_loja_item',
      fields: Prisma.PedidoLojaItemScalarFieldEnum,
      data: storeOrderItemData,
      written: await t.prisma.pedidoLojaItem.create({ data: storeOrderItemData }),
      read: () => t.prisma.pedidoLojaItem.findUniqueOrThrow({ where: { pedidoLojaId_produtoId: { pedidoLojaId: storeOrder.id, produtoId: product.id } } }),
    },
    LoteIntegracao: { table: 'lote_integracao', fields: Prisma.LoteIntegracaoScalarFieldEnum, data: batchData, written: await t.prisma.loteIntegracao.create({ data: batchData }), read: () => t.prisma.loteIntegracao.findUniqueOrThrow({ where: { clienteId_chave: { clienteId: apiClient.id, chave: batchData.chave } } }) },
    Evento: { table: 'evento', fields: Prisma.EventoScalarFieldEnum, data: eventData, written: await t.prisma.evento.create({ data: eventData }), read: () => t.prisma.evento.findUniqueOrThrow({ where: { id: eventData.id } }) },
    WebhookEndpoint: { table: 'webhook_endpoint', fields: Prisma.WebhookEndpointScalarFieldEnum, data: endpointData, written: await t.prisma.webhookEndpoint.create({ data: endpointData }), read: () => t.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointData.id } }) },
    WebhookEntrega: { table: 'webhook_entrega', fields: Prisma.WebhookEntregaScalarFieldEnum, data: deliveryData, written: await t.prisma.webhookEntrega.create({ data: deliveryData }), read: () => t.prisma.webhookEntrega.findUniqueOrThrow({ where: { id: deliveryData.id } }) },
    LeituraDadosIntegracao: { table: 'leitura_dados_integracao', fields: Prisma.LeituraDadosIntegracaoScalarFieldEnum, data: readLogData, written: await t.prisma.leituraDadosIntegracao.create({ data: readLogData }), read: () => t.prisma.leituraDadosIntegracao.findUniqueOrThrow({ where: { id: readLogData.id } }) },
    Lead: { table: 'lead', fields: Prisma.LeadScalarFieldEnum, data: leadData, written: await t.prisma.lead.create({ data: leadData }), read: () => t.prisma.lead.findUniqueOrThrow({ where: { id: leadData.id } }) },
  } satisfies Record<Prisma.ModelName, unknown>;
}

/** Columns Prisma declares as Unsupported(...): in the table, not in the client's field list. */
const UNSUPPORTED_COLUMNS: Record<string, number> = { usuario: 1 /* alterado_xid xid8 (ADR 0045) */ };

describe('schema and migrations agree', () => {
  it('prisma/migrations/schema.snapshot.prisma equals prisma/schema.prisma (run scripts/new-migration.mjs after a schema change)', () => {
    const schema = readFileSync(join(REPO_ROOT, 'prisma/schema.prisma'), 'utf8');
    const snapshot = readFileSync(join(REPO_ROOT, 'prisma/migrations/schema.snapshot.prisma'), 'utf8');
    expect(snapshot).toBe(schema);
  });

  it('every migration folder was applied and recorded with its checksum', async () => {
    const client = new pg.Client({ connectionString: inject('databaseUrl') });
    await client.connect();
    try {
      const { rows } = await client.query<{ migration_name: string; checksum: string }>('SELECT migration_name, checksum FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name');
      expect(rows).toEqual(listMigrations().map((m) => ({ migration_name: m.name, checksum: m.checksum })));
    } finally {
      await client.end();
    }
  });

  it('every model round-trips through the generated client with all its fields set', async () => {
    const cases = await roundTripCases();
    expect(Object.keys(cases).sort()).toEqual(Object.values(Prisma.ModelName).sort());
    const client = new pg.Client({ connectionString: inject('databaseUrl') });
    await client.connect();
    try {
      for (const [model, c] of Object.entries(cases)) {
        expect(Object.keys(c.data).sort(), `${model}: the test must set every field`).toEqual(Object.values(c.fields).sort());
        expect(c.written, `${model} as created`).toEqual(c.data);
        expect(await c.read(), `${model} read back`).toEqual(c.data);
        const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1', [c.table]);
        expect(rows[0]!.n, `${model}: columns in ${c.table} vs fields in schema.prisma`).toBe(Object.keys(c.fields).length + (UNSUPPORTED_COLUMNS[c.table] ?? 0));
      }
    } finally {
      await client.end();
    }
  });
});
