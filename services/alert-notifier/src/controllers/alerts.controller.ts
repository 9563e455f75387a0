import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import {
  CreateAlertRequestSchema,
  UpdateAlertRequestSchema,
  UpdateNotificationPreferencesSchema,
  type AlertListResponse,
  type AlertResponse,
  type CreateAlertResponse,
  type NotificationPreferences,
} from '@pt/contracts';
import { AppError, parseRequest } from '@pt/platform';
import { AlertsService } from '../services/alerts.service';
import { PreferencesService } from '../services/preferences.service';
import { signedInUser, type HeaderBag } from './current-user';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that is not a uuid names no alert: the same 404 as another user's id. */
function alertId(id: string): string {
  if (!UUID.test(id)) throw AppError.notFound('Alert not found');
  return id.toLowerCase();
}

/** Price alerts of the signed-in user; every query is scoped to the verified user. */
@Controller('api/v1/alerts')
export class AlertsController {
  constructor(
    private readonly alerts: AlertsService,
    private readonly preferences: PreferencesService,
  ) {}

  @Get()
  async list(@Headers() headers: HeaderBag): Promise<AlertListResponse> {
    const user = await signedInUser(headers);
    return { alerts: await this.alerts.list(user) };
  }

  @Post()
  async create(@Headers() headers: HeaderBag, @Body() body: unknown): Promise<CreateAlertResponse> {
    const user = await signedInUser(headers);
    return this.alerts.create(user, parseRequest(CreateAlertRequestSchema, body, 'request body'));
  }

  @Get('preferences')
  async getPreferences(@Headers() headers: HeaderBag): Promise<NotificationPreferences> {
    const user = await signedInUser(headers);
    return this.preferences.get(user);
  }

  @Put('preferences')
  async setPreferences(
    @Headers() headers: HeaderBag,
    @Body() body: unknown,
  ): Promise<NotificationPreferences> {
    const user = await signedInUser(headers);
    return this.preferences.set(
      user,
      parseRequest(UpdateNotificationPreferencesSchema, body, 'request body'),
    );
  }

  @Patch(':id')
  async update(
    @Headers() headers: HeaderBag,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<AlertResponse> {
    const user = await signedInUser(headers);
    const changes = parseRequest(UpdateAlertRequestSchema, body, 'request body');
    return { alert: await this.alerts.update(user, alertId(id), changes) };
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Headers() headers: HeaderBag, @Param('id') id: string): Promise<void> {
    const user = await signedInUser(headers);
    await this.alerts.remove(user, alertId(id));
  }
}
