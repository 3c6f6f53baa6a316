import type { ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { MailSite } from './site.js';

// The one layout every e-mail shares (docs/decisions/0048-email-templates.md): the brand's red
// (#c8102e) and sand (#f4f1ec), a text wordmark (no logo image: most clients block images until
// asked, and a transparent PNG vanishes on a dark background), a white card, a footer.
//
// Dark mode: the clients that follow `prefers-color-scheme` (Apple Mail, iOS, Outlook.com through
// [data-ogsc]) get the palette below; the ones that invert colours by themselves (Gmail's apps,
// Outlook for Windows) get colours chosen to survive it: no pure black or white text on images, the
// button's white on red keeps its contrast either way, nothing depends on a background image.

const RED = '#c8102e';
const SAND = '#f4f1ec';
const INK = '#1a1a1a';
const MUTED = '#555555';

const DARK_CSS = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .lg-bg, .lg-bg > table > tbody > tr > td { background-color: #17130f !important; }
  .lg-card { background-color: #231e19 !important; }
  .lg-ink { color: #f4f1ec !important; }
  .lg-muted { color: #c9c1b6 !important; }
  .lg-link { color: #ff6b7f !important; }
  .lg-code { background-color: #17130f !important; color: #f4f1ec !important; border-color: #ff6b7f !important; }
}
[data-ogsc] .lg-ink { color: #f4f1ec !important; }
[data-ogsc] .lg-muted { color: #c9c1b6 !important; }
[data-ogsc] .lg-link { color: #ff6b7f !important; }
[data-ogsb] .lg-bg, [data-ogsb] .lg-bg > table > tbody > tr > td { background-color: #17130f !important; }
[data-ogsb] .lg-card { background-color: #231e19 !important; }
`;

const font = 'Arial, Helvetica, sans-serif';

export const styles = {
  paragraph: { margin: '0 0 16px', fontSize: '16px', lineHeight: '24px', color: INK, fontFamily: font },
  small: { margin: '0 0 12px', fontSize: '13px', lineHeight: '20px', color: MUTED, fontFamily: font },
  link: { color: RED, textDecoration: 'underline' },
};

/** A paragraph of the e-mail's body. */
export function P({ children }: { children: ReactNode }) {
  return (
    <Text className="lg-ink" style={styles.paragraph}>
      {children}
    </Text>
  );
}

/** A smaller, quieter paragraph (validity, "if it wasn't you"). */
export function Small({ children }: { children: ReactNode }) {
  return (
    <Text className="lg-muted" style={styles.small}>
      {children}
    </Text>
  );
}

export function A({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="lg-link" style={styles.link}>
      {children}
    </Link>
  );
}

/**
 * The call to action: a bulletproof button (react-email's, padded for Outlook) and, for clients
 * that mangle buttons, the address in full. The address line is left out of the plain-text part,
 * where the button already reads "label address".
 */
export function Cta({ href, label }: { href: string; label: string }) {
  return (
    <>
      <Section style={{ margin: '8px 0 24px' }}>
        <Button
          href={href}
          style={{ backgroundColor: RED, color: '#ffffff', padding: '14px 28px', borderRadius: '6px', fontSize: '16px', fontWeight: 'bold', fontFamily: font, textDecoration: 'none' }}
        >
          {label}
        </Button>
      </Section>
      <Text className="lg-muted" style={styles.small} data-skip-in-text="true">
        Se o botão não funcionar, copie e cole este endereço no navegador:
        <br />
        <Link href={href} className="lg-link" style={{ ...styles.link, wordBreak: 'break-all' }}>
          {href}
        </Link>
      </Text>
    </>
  );
}

/** A code the reader types or copies (a coupon, an access code): large, spaced, framed. */
export function Code({ children }: { children: ReactNode }) {
  return (
    <Text
      className="lg-code"
      style={{ margin: '0 0 16px', padding: '12px 16px', fontSize: '22px', lineHeight: '28px', fontWeight: 'bold', letterSpacing: '2px', textAlign: 'center', fontFamily: "'Courier New', Courier, monospace", color: INK, backgroundColor: SAND, border: `2px dashed ${RED}`, borderRadius: '6px' }}
    >
      {children}
    </Text>
  );
}

export interface LayoutProps {
  site: MailSite;
  /** The subject, also the document's title. */
  subject: string;
  /** The inbox's preview line (after the subject); hidden in the body and in the plain text. */
  preheader: string;
  title: string;
  /** Who it is for: a member's e-mail or the staff's notice (a different footer). */
  audience: 'membro' | 'equipe';
  /** Why the reader got it, under the card (a marketing e-mail says how to stop them). */
  footerNote?: ReactNode;
  children: ReactNode;
}

export function Layout({ site, subject, preheader, title, audience, footerNote, children }: LayoutProps) {
  return (
    <Html lang="pt-BR" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{subject}</title>
        <style>{DARK_CSS}</style>
      </Head>
      <Body className="lg-bg" style={{ margin: 0, padding: 0, backgroundColor: SAND, fontFamily: font, color: INK }}>
        <Preview>{preheader}</Preview>
        <Container style={{ maxWidth: '600px', width: '100%', margin: '0 auto', padding: '24px 12px' }}>
          <Section style={{ padding: '8px 8px 16px' }} data-skip-in-text="true">
            <Link href={`${site.publicUrl}/`} style={{ color: RED, fontSize: '24px', fontWeight: 'bold', letterSpacing: '4px', textDecoration: 'none', fontFamily: font }}>
              LEGIÃO
            </Link>
          </Section>
          <Section className="lg-card" style={{ backgroundColor: '#ffffff', borderRadius: '8px', borderTop: `4px solid ${RED}`, padding: '32px 28px' }}>
            <Heading as="h1" className="lg-ink" style={{ margin: '0 0 24px', fontSize: '24px', lineHeight: '30px', color: INK, fontFamily: font }}>
              {title}
            </Heading>
            {children}
          </Section>
          <Section style={{ padding: '16px 8px 0' }}>
            {footerNote && (
              <Text className="lg-muted" style={{ ...styles.small, fontSize: '12px' }}>
                {footerNote}
              </Text>
            )}
            <Hr style={{ borderColor: '#d9d2c7', margin: '8px 0 12px' }} />
            <Text className="lg-muted" style={{ ...styles.small, fontSize: '12px', margin: 0 }}>
              {audience === 'equipe' ? 'Aviso automático do portal para a equipe da Legião. ' : 'Legião · programa de fidelidade. '}
              <Link href={audience === 'equipe' ? `${site.publicUrl}/admin` : `${site.publicUrl}/`} className="lg-link" style={styles.link}>
                {audience === 'equipe' ? 'Abrir o back office' : 'Acessar o portal'}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
