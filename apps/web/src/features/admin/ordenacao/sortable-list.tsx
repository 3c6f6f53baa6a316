import { useEffect, useState, type ReactNode } from 'react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import './lista-ordenavel.css';

// A list staff reorder by dragging (@dnd-kit), by keyboard on the handle (Espaço, setas, Espaço),
// or with the "Subir"/"Descer" buttons. The new order shows at once and is sent to the server;
// if the server refuses it, the list goes back. Used by banners and the FAQ (ADR 0029).

export interface SortableItem {
  id: number;
}

interface Props<T extends SortableItem> {
  itens: T[];
  /** How the item is named in the buttons and in what screen readers announce. */
  nome: (item: T) => string;
  /** Sends the new order (ids, first to last); rejects to undo it. */
  onReorder: (ids: number[]) => Promise<unknown>;
  children: (item: T) => ReactNode;
  rotulo: string;
  /** Without content.write the list is shown without its handles and buttons. */
  readOnly?: boolean;
}

export function SortableList<T extends SortableItem>({ itens: items, nome: name, onReorder, children, rotulo: label, readOnly }: Props<T>) {
  const [order, setOrder] = useState(items);
  useEffect(() => setOrder(items), [items]);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const byId = (id: unknown) => order.find((i) => i.id === id);
  const position = (id: unknown) => order.findIndex((i) => i.id === id) + 1;

  const move = async (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) return;
    const previous = order;
    const newOne = arrayMove(order, from, to);
    setOrder(newOne);
    try {
      await onReorder(newOne.map((i) => i.id));
    } catch {
      setOrder(previous);
    }
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) void move(position(active.id) - 1, position(over.id) - 1);
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `${name(byId(active.id)!)} selecionado, na posição ${position(active.id)} de ${order.length}.`,
    onDragOver: ({ active, over }) => (over ? `${name(byId(active.id)!)} sobre a posição ${position(over.id)} de ${order.length}.` : `${name(byId(active.id)!)} fora da lista.`),
    onDragEnd: ({ active, over }) => (over ? `${name(byId(active.id)!)} solto na posição ${position(over.id)} de ${order.length}.` : `${name(byId(active.id)!)} solto.`),
    onDragCancel: ({ active }) => `Movimento cancelado. ${name(byId(active.id)!)} voltou à posição ${position(active.id)}.`,
  };

  if (readOnly) {
    return (
      <ol className="lista-ordenavel" aria-label={label}>
        {order.map((item) => (
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
      <SortableContext items={order.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <ol className="lista-ordenavel" aria-label={label}>
          {order.map((item, i) => (
            <Line key={item.id} id={item.id} nome={name(item)} first={i === 0} last={i === order.length - 1} onMoveUp={() => void move(i, i - 1)} onMoveDown={() => void move(i, i + 1)}>
              {children(item)}
            </Line>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

interface LineProps {
  id: number;
  nome: string;
  first: boolean;
  last: boolean;
  onMoveUp: () => void;
  onMoveDown: () => void;
  children: ReactNode;
}

function Line({ id, nome: name, first, last, onMoveUp, onMoveDown, children }: LineProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const style = { transform: transform ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)` : undefined, transition };
  return (
    <li ref={setNodeRef} style={style} className={`lista-ordenavel__item${isDragging ? ' lista-ordenavel__item--arrastando' : ''}`}>
      <button type="button" ref={setActivatorNodeRef} className="lista-ordenavel__alca" aria-label={`Arrastar ${name}`} {...attributes} {...listeners}>
        <span aria-hidden="true">⠿</span>
      </button>
      <div className="lista-ordenavel__conteudo">{children}</div>
      <div className="lista-ordenavel__setas">
        <button type="button" className="admin-btn admin-btn--pequeno" onClick={onMoveUp} disabled={first} aria-label={`Subir ${name}`} title="Subir">
          ↑
        </button>
        <button type="button" className="admin-btn admin-btn--pequeno" onClick={onMoveDown} disabled={last} aria-label={`Descer ${name}`} title="Descer">
          ↓
        </button>
      </div>
    </li>
  );
}
