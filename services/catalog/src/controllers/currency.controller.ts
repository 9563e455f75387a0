import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  CurrencyConvertRequestSchema,
  type CurrencyConvertRequest,
  type CurrencyConvertResponse,
} from '@pt/contracts/catalog-api';
import { ZodPipe } from '@pt/platform';
import { CurrencyService } from '../services/currency.service';

@Controller('api/v1/currency')
export class CurrencyController {
  constructor(private readonly currency: CurrencyService) {}

  /** A computation, not a resource: 200, not Nest's default 201 for POST. */
  @Post('convert')
  @HttpCode(200)
  convert(
    @Body(new ZodPipe(CurrencyConvertRequestSchema, 'request body')) body: CurrencyConvertRequest,
  ): Promise<CurrencyConvertResponse> {
    return this.currency.convert(body);
  }
}
