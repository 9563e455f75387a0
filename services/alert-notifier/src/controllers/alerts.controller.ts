import { Controller } from '@nestjs/common';
import type {
  AlertListResponse,
  AlertResponse,
  CreateAlertRequest,
  CreateAlertResponse,
  NotificationPreferences,
  UpdateAlertRequest,
  UpdateNotificationPreferences,
} from '@pt/contracts';
import { AppError, Caller, Endpoint, Input, type VerifiedUser } from '@pt/platform';
import { AlertsService } from '../services/alerts.service';
import { PreferencesService } from '../services/preferences.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that is not a uuid names no alert: the same 404 as another user's id. */
function alertId(id: string): string {
  if (!UUID.test(id)) throw AppError.notFound('Alert not found');
  return id.toLowerCase();
}

/** Price alerts of the signed-in user; every query is scoped to the verified caller. */
@Controller()
export class AlertsController {
  constructor(
    private readonly alerts: AlertsService,
    private readonly preferences: PreferencesService,
  ) {}

  @Endpoint('GET /api/v1/alerts')
  async list(@Caller() user: VerifiedUser): Promise<AlertListResponse> {
    return { alerts: await this.alerts.list(user) };
  }

  @Endpoint('POST /api/v1/alerts')
  create(
    @Caller() user: VerifiedUser,
    @Input('body') body: CreateAlertRequest,
  ): Promise<CreateAlertResponse> {
    return this.alerts.create(user, body);
  }

  @Endpoint('GET /api/v1/alerts/preferences')
  getPreferences(@Caller() user: VerifiedUser): Promise<NotificationPreferences> {
    return this.preferences.get(user);
  }

  @Endpoint('PUT /api/v1/alerts/preferences')
  setPreferences(
    @Caller() user: VerifiedUser,
    @Input('body') body: UpdateNotificationPreferences,
  ): Promise<NotificationPreferences> {
    return this.preferences.set(user, body);
  }

  @Endpoint('PATCH /api/v1/alerts/{id}')
  async update(
    @Caller() user: VerifiedUser,
    @Input('params') { id }: { id: string },
    @Input('body') changes: UpdateAlertRequest,
  ): Promise<AlertResponse> {
    return { alert: await this.alerts.update(user, alertId(id), changes) };
  }

  @Endpoint('DELETE /api/v1/alerts/{id}')
  async remove(@Caller() user: VerifiedUser, @Input('params') { id }: { id: string }): Promise<void> {
    await this.alerts.remove(user, alertId(id));
  }
}
