import type { ImgHTMLAttributes } from 'react';
import styled from 'styled-components';
import { notSystemProp, systemProps, type SystemProps } from '../system';

export type ImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'width' | 'height' | 'color'> &
  SystemProps & {
    src: string;
    /** What the image shows, for people who cannot see it; required, so no image is left unnamed. */
    alt: string;
    /** Keep hard pixel edges when scaled, for QR codes and other images a camera reads. */
    pixelated?: boolean;
  };

const Img = styled.img.withConfig({ shouldForwardProp: notSystemProp })<
  SystemProps & { $pixelated?: boolean }
>`
  display: block;
  max-width: 100%;
  image-rendering: ${({ $pixelated }) => ($pixelated ? 'pixelated' : 'auto')};
  ${systemProps}
`;

/** An image from a URL (a data: URL too), sized by system props and never wider than its container. */
export function Image({ pixelated, ...rest }: ImageProps) {
  return <Img $pixelated={pixelated} {...rest} />;
}
