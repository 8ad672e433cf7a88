import {
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useListNavigation,
  useRole,
} from '@floating-ui/react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import styled, { css, useTheme, type DefaultTheme } from 'styled-components';
import { Icon, Icons } from '../Icon';
import { fieldBox, type InputSize } from '../Input/Input';
import { FloatingSurface, floatingOptions } from '../Popover/floating';

export type SelectOption = { value: string; label: string; disabled?: boolean };

type Common = {
  options: SelectOption[];
  /** Let the user type to filter the options. */
  isSearchable?: boolean;
  placeholder?: string;
  disabled?: boolean;
  hasError?: boolean;
  /** The control's height, as for an Input: `small` fits a toolbar. */
  size?: InputSize;
  id?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  /** Shown in the list when nothing matches the search. */
  noOptionsText?: string;
  /** Start with the list open, e.g. in a story. */
  defaultOpen?: boolean;
  /** Offer the typed text as a new value when no option has that label (implies searchable). */
  isCreatable?: boolean;
};

export type SelectProps = Common &
  (
    | { isMulti?: false; value: string | null; onChange: (value: string) => void }
    | { isMulti: true; value: string[]; onChange: (value: string[]) => void }
  );

// The one place sizes become styles: the same heights as Input. A small control has no vertical
// padding, so its arrow icon fits within the small height instead of stretching the box.
const sizes: Record<InputSize, (t: DefaultTheme) => ReturnType<typeof css>> = {
  small: (t) => css`
    min-height: ${t.sizes.inputHeight.small}px;
    padding: 0 ${t.space[2]}px;
    font-size: ${t.typography.body3.fontSize}px;
  `,
  medium: (t) => css`
    min-height: ${t.sizes.inputHeight.medium}px;
    padding: ${t.space[1]}px ${t.space[2]}px;
  `,
  large: (t) => css`
    min-height: ${t.sizes.inputHeight.large}px;
    padding: ${t.space[1]}px ${t.space[2]}px;
  `,
};

// Only a multi-select wraps (its chips need the room); a single choice stays on one line with its
// arrow beside the text however narrow the control is.
const Control = styled.div<{ $error?: boolean; $disabled?: boolean; $size: InputSize; $multi: boolean }>`
  ${fieldBox}
  display: flex;
  flex-wrap: ${({ $multi }) => ($multi ? 'wrap' : 'nowrap')};
  align-items: center;
  gap: ${({ theme }) => theme.space[1]}px;
  ${({ theme, $size }) => sizes[$size](theme)}
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  &:focus-within {
    border-color: ${({ theme }) => theme.colors.focus};
    box-shadow: ${({ theme }) => `${theme.shadows.focus} ${theme.colors.focus}`};
  }
  & > svg {
    flex: none;
    margin-left: auto;
    color: ${({ theme }) => theme.colors.text.muted};
  }
`;

const Search = styled.input<{ $multi: boolean }>`
  flex: 1;
  // Room to type beside a multi-select's chips; a single choice shrinks to whatever width is left.
  min-width: ${({ theme, $multi }) => ($multi ? theme.space[10] : 0)}px;
  text-overflow: ellipsis;
  border: none;
  outline: none;
  background: transparent;
  color: ${({ theme }) => theme.colors.text.main};
  font-size: inherit;
  padding: ${({ theme }) => theme.space[1]}px;
  cursor: inherit;
  &::placeholder {
    color: ${({ theme }) => theme.colors.text.muted};
  }
`;

const Chip = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]}px;
  padding: 0 ${({ theme }) => theme.space[1]}px 0 ${({ theme }) => theme.space[2]}px;
  border-radius: ${({ theme }) => theme.radius.pill}px;
  background: ${({ theme }) => theme.colors.brandSurface};
  color: ${({ theme }) => theme.colors.text.main};
  font-size: ${({ theme }) => theme.typography.body3.fontSize}px;
  & > button {
    display: inline-flex;
    padding: 0;
    border: none;
    background: transparent;
    color: inherit;
    cursor: pointer;
  }
`;

const Options = styled(FloatingSurface)`
  padding: ${({ theme }) => theme.space[1]}px 0;
`;

const Option = styled.div<{ $active: boolean; $selected: boolean; $disabled?: boolean }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
  background: ${({ theme, $active, $selected }) => ($active ? theme.colors.hover : $selected ? theme.colors.selected : 'transparent')};
  color: ${({ theme, $disabled }) => ($disabled ? theme.colors.text.disabled : theme.colors.text.main)};
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
`;

const Empty = styled.div`
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
  color: ${({ theme }) => theme.colors.text.muted};
`;

/**
 * A combobox over a list of options, single or multiple choice, optionally searchable. Arrow keys move
 * through the list, Enter picks, Escape closes, Backspace in an empty search removes the last choice.
 */
export function Select(props: SelectProps) {
  const {
    options,
    isCreatable = false,
    placeholder = 'Select…',
    disabled,
    hasError,
    size = 'medium',
    noOptionsText = 'No options',
  } = props;
  const multi = props.isMulti ?? false;
  const isSearchable = isCreatable || (props.isSearchable ?? false);
  const theme = useTheme();
  const listId = useId();
  const [open, setOpen] = useState(props.defaultOpen ?? false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState<number | null>(null);
  const elements = useRef<(HTMLElement | null)[]>([]);
  const chosen = props.isMulti ? props.value : props.value === null ? [] : [props.value];
  const matching =
    isSearchable && query
      ? options.filter((o) => o.label.toLowerCase().includes(query.toLowerCase()))
      : options;
  const typed = query.trim();
  const canCreate =
    isCreatable && typed !== '' && !options.some((o) => o.label === typed || o.value === typed);
  const shown = canCreate ? [...matching, { value: typed, label: `Create "${typed}"` }] : matching;
  // The list renders in place (fixed, so no overflow clips it) rather than in a portal: inside a
  // Dialog it then stays within the modal's layer and its clicks are not "outside" presses.
  const { refs, floatingStyles, context } = useFloating({
    ...floatingOptions(theme, 'bottom-start', true),
    strategy: 'fixed',
    open,
    onOpenChange: (next) => {
      setOpen(next);
      if (!next) setQuery('');
    },
  });
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([
    useClick(context, { keyboardHandlers: false, enabled: !disabled }),
    useDismiss(context),
    useRole(context, { role: 'listbox' }),
    useListNavigation(context, {
      listRef: elements,
      activeIndex: active,
      onNavigate: setActive,
      virtual: true,
      loop: true,
      disabledIndices: shown.flatMap((o, i) => (o.disabled ? [i] : [])),
    }),
  ]);

  const pick = (option: SelectOption) => {
    if (option.disabled) return;
    if (props.isMulti) {
      const next = props.value.includes(option.value)
        ? props.value.filter((v) => v !== option.value)
        : [...props.value, option.value];
      props.onChange(next);
      setQuery('');
    } else {
      props.onChange(option.value);
      setOpen(false);
      setQuery('');
    }
  };
  const remove = (value: string) => props.isMulti && props.onChange(props.value.filter((v) => v !== value));

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const current = active === null ? undefined : shown[active];
    if (e.key === 'Enter' && open && current) {
      e.preventDefault();
      pick(current);
    } else if (e.key === 'Backspace' && props.isMulti && query === '' && props.value.length > 0) {
      remove(props.value[props.value.length - 1]!);
    }
  };

  const labelOf = (value: string) => options.find((o) => o.value === value)?.label ?? value;
  const single = !props.isMulti && props.value !== null ? labelOf(props.value) : '';

  return (
    <>
      <Control
        ref={refs.setPositionReference}
        $error={hasError}
        $disabled={disabled}
        $size={size}
        $multi={multi}
      >
        {props.isMulti
          ? props.value.map((v) => (
              <Chip key={v}>
                {labelOf(v)}
                <button
                  type="button"
                  aria-label={`Remove ${labelOf(v)}`}
                  tabIndex={-1}
                  disabled={disabled}
                  onClick={() => remove(v)}
                >
                  <Icon icon={Icons.Close} />
                </button>
              </Chip>
            ))
          : null}
        <Search
          ref={refs.setReference}
          $multi={multi}
          id={props.id}
          aria-label={props['aria-label']}
          aria-describedby={props['aria-describedby']}
          aria-invalid={hasError || undefined}
          aria-autocomplete={isSearchable ? 'list' : 'none'}
          disabled={disabled}
          readOnly={!isSearchable}
          placeholder={chosen.length > 0 && props.isMulti ? '' : single || placeholder}
          value={open && isSearchable ? query : single}
          {...getReferenceProps({
            onChange: (e) => {
              setQuery((e.target as HTMLInputElement).value);
              setOpen(true);
              setActive(0);
            },
            onKeyDown,
            // Focus leaving the field (Tab, or a click elsewhere in a dialog that keeps its clicks to itself)
            // closes the list, so a multi-select's list left open for more picks cannot cover what comes next.
            onBlur: (e) => {
              const next = e.relatedTarget as Node | null;
              if (next && refs.floating.current?.contains(next)) return;
              setOpen(false);
              setQuery('');
            },
          })}
        />
        <Icon icon={Icons.ChevronDown} />
      </Control>
      {open ? (
        <Options
          ref={refs.setFloating}
          id={listId}
          aria-multiselectable={props.isMulti || undefined}
          style={floatingStyles}
          // Picking with the mouse keeps the focus in the field, so the list is not closed by the field's blur.
          {...getFloatingProps({ onMouseDown: (e) => e.preventDefault() })}
        >
          {shown.length === 0 ? <Empty>{noOptionsText}</Empty> : null}
          {shown.map((option, i) => {
            const selected = chosen.includes(option.value);
            return (
              <Option
                key={option.value}
                ref={(node) => {
                  elements.current[i] = node;
                }}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={selected}
                aria-disabled={option.disabled || undefined}
                $active={active === i}
                $selected={selected}
                $disabled={option.disabled}
                {...getItemProps({ onClick: () => pick(option) })}
              >
                {option.label}
                {selected ? <Icon icon={Icons.Check} /> : null}
              </Option>
            );
          })}
        </Options>
      ) : null}
    </>
  );
}
