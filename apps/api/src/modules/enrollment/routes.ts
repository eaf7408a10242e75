import { NoContent } from '@equip/domain/common';
import {
  AgentCheckInResult,
  AgentCredentials,
  AgentEnrollRequest,
  AgentReport,
  EnrollmentCodeRequest,
  EnrollmentSession,
  EnrollmentVerifyRequest,
  RegisterEnrollmentDeviceRequest,
  RegisteredEnrollmentDevice,
} from '@equip/domain/enrollment';
import type { ModuleRoutes } from '../../app-services.ts';
import { bearerToken } from '../../http/access.ts';
import { companionDownloadRoutes } from './downloads.ts';

const tags = ['enrollment'];
// Public at the framework level: each route checks its own bearer token (decision 013).
const pub = { access: 'public' as const };
const session = [{ bearerAuth: [] }];

export const enrollmentRoutes: ModuleRoutes = (app, { config, enrollment }) => {
  app.post(
    '/api/enrollment/code',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Mail a one-time enrolment code (answered alike whether or not the email is known)',
        body: EnrollmentCodeRequest,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await enrollment.requestCode(request.body.email, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/enrollment/verify',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Trade the mailed code for an enrolment session',
        body: EnrollmentVerifyRequest,
        response: { 200: EnrollmentSession },
      },
    },
    (request) => enrollment.verify(request.body, request.ip),
  );

  app.post(
    '/api/enrollment/device',
    {
      config: pub,
      schema: {
        tags,
        security: session,
        summary:
          'Register the device the person is on (Bearer: the enrolment session); the agent token is shown once',
        body: RegisterEnrollmentDeviceRequest,
        response: { 201: RegisteredEnrollmentDevice },
      },
    },
    async (request, reply) => {
      const registered = await enrollment.registerDevice(bearerToken(request), request.body);
      return reply.status(201).send(registered);
    },
  );

  app.post(
    '/api/agent/enroll',
    {
      config: pub,
      schema: {
        tags,
        summary: 'The agent trades the one-time token for its credential; the device becomes enrolled',
        body: AgentEnrollRequest,
        response: { 200: AgentCredentials },
      },
    },
    (request) => enrollment.enrollAgent(request.body.token, request.body.os),
  );

  app.post(
    '/api/agent/check-ins',
    {
      config: pub,
      schema: {
        tags,
        security: session,
        summary: "The agent's inventory report (Bearer: the agent credential); idempotent by reportId",
        body: AgentReport,
        response: { 200: AgentCheckInResult },
      },
    },
    (request) => enrollment.checkIn(bearerToken(request), request.body),
  );

  companionDownloadRoutes(app, config.companionReleasesDir);
};
