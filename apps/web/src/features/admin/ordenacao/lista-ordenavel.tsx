import { useEffect, useState, type ReactNode } from 'react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import './lista-ordenavel.css';

// A list staff reorder by dragging (@dnd-kit), by keyboard on the handle (Espaço, setas, Espaço),
// or with the "Subir"/"Descer" buttons. The new order shows at once and is sent to the server;
// if the server refuses it, the list goes back. Used by banners and the FAQ (ADR 0029).

export interface ItemOrdenavel {
  id: number;
}

interface Props<T extends ItemOrdenavel> {
  itens: T[];
  /** How the item is named in the buttons and in what screen readers announce. */
  nome: (item: T) => string;
  /** Sends the new order (ids, first to last); rejects to undo it. */
  onReordenar: (ids: number[]) => Promise<unknown>;
  children: (item: T) => ReactNode;
  rotulo: string;
  /** Without content.write the list is shown without its handles and buttons. */
  somenteLeitura?: boolean;
}

export function ListaOrdenavel<T extends ItemOrdenavel>({ itens, nome, onReordenar, children, rotulo, somenteLeitura }: Props<T>) {
  const [ordem, setOrdem] = useState(itens);
  useEffect(() => setOrdem(itens), [itens]);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const porId = (id: unknown) => ordem.find((i) => i.id === id);
  const posicao = (id: unknown) => ordem.findIndex((i) => i.id === id) + 1;

  const mover = async (de: number, para: number) => {
    if (para < 0 || para >= ordem.length || de === para) return;
    const anterior = ordem;
    const nova = arrayMove(ordem, de, para);
    setOrdem(nova);
    try {
      await onReordenar(nova.map((i) => i.id));
    } catch {
      setOrdem(anterior);
    }
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) void mover(posicao(active.id) - 1, posicao(over.id) - 1);
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `${nome(porId(active.id)!)} selecionado, na posição ${posicao(active.id)} de ${ordem.length}.`,
    onDragOver: ({ active, over }) => (over ? `${nome(porId(active.id)!)} sobre a posição ${posicao(over.id)} de ${ordem.length}.` : `${nome(porId(active.id)!)} fora da lista.`),
    onDragEnd: ({ active, over }) => (over ? `${nome(porId(active.id)!)} solto na posição ${posicao(over.id)} de ${ordem.length}.` : `${nome(porId(active.id)!)} solto.`),
    onDragCancel: ({ active }) => `Movimento cancelado. ${nome(porId(active.id)!)} voltou à posição ${posicao(active.id)}.`,
  };

  if (somenteLeitura) {
    return (
      <ol className="lista-ordenavel" aria-label={rotulo}>
        {ordem.map((item) => (
          <li key={item.id} className="lista-ordenavel__item">
            <div className="lista-ordenavel__conteudo">{children(item)}</div>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: 'Para mover: Espaço pega o item, as setas mudam a posição, Espaço solta, Esc cancela.' },
      }}
    >
      <SortableContext items={ordem.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <ol className="lista-ordenavel" aria-label={rotulo}>
          {ordem.map((item, i) => (
            <Linha key={item.id} id={item.id} nome={nome(item)} primeiro={i === 0} ultimo={i === ordem.length - 1} onSubir={() => void mover(i, i - 1)} onDescer={() => void mover(i, i + 1)}>
              {children(item)}
            </Linha>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

interface LinhaProps {
  id: number;
  nome: string;
  primeiro: boolean;
  ultimo: boolean;
  onSubir: () => void;
  onDescer: () => void;
  children: ReactNode;
}

function Linha({ id, nome, primeiro, ultimo, onSubir, onDescer, children }: LinhaProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const style = { transform: transform ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)` : undefined, transition };
  return (
    <li ref={setNodeRef} style={style} className={`lista-ordenavel__item${isDragging ? ' lista-ordenavel__item--arrastando' : ''}`}>
      <button type="button" ref={setActivatorNodeRef} className="lista-ordenavel__alca" aria-label={`Arrastar ${nome}`} {...attributes} {...listeners}>
        <span aria-hidden="true">⠿</span>
      </button>
      <div className="lista-ordenavel__conteudo">{children}</div>
      <div className="lista-ordenavel__setas">
        <button type="button" className="admin-btn admin-btn--pequeno" onClick={onSubir} disabled={primeiro} aria-label={`Subir ${nome}`} title="Subir">
          ↑
        </button>
        <button type="button" className="admin-btn admin-btn--pequeno" onClick={onDescer} disabled={ultimo} aria-label={`Descer ${nome}`} title="Descer">
          ↓
        </button>
      </div>
    </li>
  );
}
