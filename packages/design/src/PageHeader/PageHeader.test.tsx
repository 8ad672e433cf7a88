import { screen } from '@testing-library/react';
import type { AnchorHTMLAttributes } from 'react';
import { renderWithTheme } from '../../test/render';
import { PageHeader } from './PageHeader';

test('names the page as its heading and links back, inside the page’s banner', () => {
  renderWithTheme(<PageHeader title="root@web-01" back={{ title: 'Servers', to: '/web/cluster/main/nodes' }} actions="main" />);
  const banner = screen.getByRole('banner');
  expect(screen.getByRole('heading', { level: 1, name: 'root@web-01' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Servers' })).toHaveAttribute('href', '/web/cluster/main/nodes');
  expect(banner).toHaveTextContent('main');
});

test('hands `to` to the link component it is given, as a router link wants', () => {
  const RouterLink = ({ to, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) => (
    <a data-to={to} href={`#router${to}`} {...rest} />
  );
  renderWithTheme(
    <PageHeader title="Recording" back={{ title: 'Session Recordings', to: '/recordings' }} linkAs={RouterLink} />,
  );
  expect(screen.getByRole('link', { name: 'Session Recordings' })).toHaveAttribute('data-to', '/recordings');
});

test('details sit under the title, inside the banner, without joining the heading', () => {
  renderWithTheme(
    <PageHeader
      title="root@web-01"
      details={<span>Session ID 4f8e2c1a</span>}
      back={{ title: 'Servers', to: '/web/cluster/main/nodes' }}
    />,
  );
  const heading = screen.getByRole('heading', { level: 1, name: 'root@web-01' });
  const details = screen.getByText('Session ID 4f8e2c1a');
  expect(screen.getByRole('banner')).toContainElement(details);
  expect(heading.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});
