import type { ImageUse } from '@legiao/contracts/admin/images';
import { ImagePicker } from '../../imagens/image-picker';
import { TextInput } from '../../ui/index';

/**
 * An image field: the image store's picker (BO-B, ADR 0028) and, under it, the address itself, for
 * pictures that live elsewhere (the seeded /banners/*.svg, or https).
 */
export function ImageField({ uso: use, label, value, onChange, error }: { uso: ImageUse; label: string; value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <div className="campo-imagem">
      <ImagePicker uso={use} label={label} value={value || null} onChange={onChange} error={error} />
      <TextInput label={`Endereço: ${label.toLowerCase()}`} value={value} onChange={(e) => onChange(e.target.value)} placeholder={use === 'produto' ? '/produtos/arte.svg ou https://...' : '/banners/arte.svg ou https://...'} error={error ? { message: error } : undefined} />
    </div>
  );
}
