import styled from 'styled-components';
import { CopyButton } from '../CopyButton';

export type CodeBlockProps = {
  /** Text shown as-is and copied by the button. */
  code: string;
  /** What is copied, for the button's name. */
  copyLabel?: string;
};

const Frame = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]}px;
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[2]}px
    ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
  border-radius: ${({ theme }) => theme.radius.medium}px;
  background: ${({ theme }) => theme.colors.ansi.background};
  border: ${({ theme }) => theme.borderWidths[1]}px solid ${({ theme }) => theme.colors.border};
  & > pre {
    flex: 1;
    margin: 0;
    padding-top: ${({ theme }) => theme.space[1]}px;
    overflow-x: auto;
    color: ${({ theme }) => theme.colors.ansi.foreground};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.typography.code.fontSize}px;
    line-height: ${({ theme }) => theme.typography.code.lineHeight};
    white-space: pre-wrap;
    word-break: break-all;
  }
`;

/** Read-only code or a command, with a copy button. */
export function CodeBlock({ code, copyLabel = 'Copy' }: CodeBlockProps) {
  return (
    <Frame>
      <pre>
        <code>{code}</code>
      </pre>
      <CopyButton value={code} label={copyLabel} />
    </Frame>
  );
}
