import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryConsole } from '../../stories/storyGateway';
import LoginFailedPage from './LoginFailedPage';
import LoginPage from './LoginPage';
import LoginSuccessPage from './LoginSuccessPage';

const meta: Meta = { title: 'Console/Login', parameters: { layout: 'fullscreen' } };
export default meta;

export const Local: StoryObj = {
  render: () => (
    <StoryConsole>
      <LoginPage />
    </StoryConsole>
  ),
};

export const WithOneTimeCode: StoryObj = {
  render: () => (
    <StoryConsole config={{ auth: { second_factor: 'otp' } }}>
      <LoginPage />
    </StoryConsole>
  ),
};

export const SingleSignOnLeads: StoryObj = {
  render: () => (
    <StoryConsole
      config={{
        auth: {
          authType: 'github',
          providers: [
            { name: 'github', type: 'github', displayName: 'GitHub', url: '/v1/webapi/github/login/web' },
          ],
        },
      }}
    >
      <LoginPage />
    </StoryConsole>
  ),
};

export const Failed: StoryObj = {
  render: () => (
    <StoryConsole>
      <LoginFailedPage />
    </StoryConsole>
  ),
};

export const Success: StoryObj = {
  render: () => (
    <StoryConsole>
      <LoginSuccessPage />
    </StoryConsole>
  ),
};
