import { ButtonIcon } from '../ButtonIcon';
import { Icons } from '../Icon';
import { Footer } from './styles';

export type PagerProps = {
  /** Index of the first row shown, in the whole result. */
  start: number;
  shown: number;
  total?: number;
  hasPrev: boolean;
  hasNext: boolean;
  onPrev: () => void;
  onNext: () => void;
};

/** "Showing 1 - 15 of 42" with previous and next buttons. */
export function Pager({ start, shown, total, hasPrev, hasNext, onPrev, onNext }: PagerProps) {
  const range = shown === 0 ? 'Showing 0' : `Showing ${start + 1} - ${start + shown}`;
  return (
    <Footer>
      <span>{total === undefined ? range : `${range} of ${total}`}</span>
      <ButtonIcon
        icon={Icons.ChevronLeft}
        aria-label="Previous page"
        size="small"
        disabled={!hasPrev}
        onClick={onPrev}
      />
      <ButtonIcon
        icon={Icons.ChevronRight}
        aria-label="Next page"
        size="small"
        disabled={!hasNext}
        onClick={onNext}
      />
    </Footer>
  );
}
