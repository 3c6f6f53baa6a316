import { Tabs } from '../../../shared/ui/tabs';

/** The Coming-soon tabs as a launch banner and a launch both have them (spec 000, home section 7). */
export interface LaunchTabsContent {
  sobre: string;
  cores: { nome: string; hex: string }[];
  produtos: { nome: string; urlImagem: string }[];
}

/** Sobre, Cores, Produtos: one markup for the banner's coming-soon and the launch's (launch-sections.tsx). */
export function LaunchTabs({ name, tabs }: { name: string; tabs: LaunchTabsContent }) {
  return (
    <Tabs
      rotulo={`Sobre o lançamento ${name}`}
      abas={[
        { id: 'sobre', rotulo: 'Sobre', content: <p className="em-breve__sobre">{tabs.sobre}</p> },
        {
          id: 'cores',
          rotulo: 'Cores',
          content: (
            <ul className="em-breve__cores">
              {tabs.cores.map((c) => (
                <li key={c.nome}>
                  <span className="em-breve__amostra" style={{ background: c.hex }} aria-hidden="true" />
                  {c.nome}
                </li>
              ))}
            </ul>
          ),
        },
        {
          id: 'produtos',
          rotulo: 'Produtos',
          content: (
            <ul className="em-breve__produtos">
              {tabs.produtos.map((p) => (
                <li key={p.nome}>
                  <img src={p.urlImagem} alt="" loading="lazy" decoding="async" width={96} height={96} />
                  <span>{p.nome}</span>
                </li>
              ))}
            </ul>
          ),
        },
      ]}
    />
  );
}
