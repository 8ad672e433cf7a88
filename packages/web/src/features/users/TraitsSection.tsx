import { Box, Button, Icon, Icons } from '@portcullis/design';
import { type ReactNode, useId, useState } from 'react';

/**
 * The user's traits, folded under one button so the dialog fits the window. The fields' values live in the
 * dialog's state, so folding the section away keeps what was typed and it is still sent.
 */
export function TraitsSection({ defaultOpen, children }: { defaultOpen: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <Box mt={3}>
      <Button
        kind="text"
        px={1}
        aria-expanded={open}
        {...(open ? { 'aria-controls': id } : {})}
        onClick={() => setOpen((was) => !was)}
      >
        <Icon icon={open ? Icons.ChevronDown : Icons.ChevronRight} />
        Traits
      </Button>
      {open ? (
        <Box id={id} mt={2}>
          {children}
        </Box>
      ) : null}
    </Box>
  );
}
