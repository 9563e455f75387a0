/*
 * A Kafka-protocol cluster for the event-bus contract suite in CI, where neither Docker nor a
 * Kafka broker package is available: librdkafka's mock cluster (rdkafka_mock.h, Debian's
 * librdkafka-dev), the implementation librdkafka's maintainers test their own client against.
 *
 *   gcc -O2 -o kafka-mock-cluster kafka-mock-cluster.c -lrdkafka
 *   ./kafka-mock-cluster [brokers]      # default 3
 *
 * Prints one line, the bootstrap list ("127.0.0.1:port,..."), then serves until SIGTERM/SIGINT
 * or until its parent dies (so a killed CI shell cannot leave it running). Brokers listen on
 * loopback only, on ports the kernel picks (free by construction); their ids are 1..brokers.
 *
 * Control channel for fault tests (the chaos tier): lines on stdin, each answered by one line on
 * stdout, "ok <line>" or "error <reason>":
 *   down <id>   the broker drops its connections and refuses new ones (leaders stay where they are,
 *               so its partitions are unavailable until it is up again: a stopped broker)
 *   up <id>     it accepts connections again
 * Closed or absent stdin (CI's background job reads /dev/null) leaves it serving as before.
 */
#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

static volatile sig_atomic_t stop = 0;
static void on_signal(int sig) {
  (void)sig;
  stop = 1;
}

int main(int argc, char **argv) {
  int brokers = argc > 1 ? atoi(argv[1]) : 3;
  if (brokers < 1) {
    fprintf(stderr, "usage: %s [brokers >= 1]\n", argv[0]);
    return 2;
  }
  /* The parent may be killed without running its trap: take the mock down with it. */
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (getppid() == 1) return 1; /* parent already gone before prctl took effect */

  char err[512];
  rd_kafka_conf_t *conf = rd_kafka_conf_new();
  /* The handle only hosts the mock's threads; it never connects anywhere itself. */
  rd_kafka_conf_set(conf, "log_level", "3", err, sizeof(err));
  rd_kafka_t *rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, err, sizeof(err));
  if (!rk) {
    fprintf(stderr, "rd_kafka_new: %s\n", err);
    return 1;
  }
  rd_kafka_mock_cluster_t *cluster = rd_kafka_mock_cluster_new(rk, brokers);
  if (!cluster) {
    fprintf(stderr, "rd_kafka_mock_cluster_new failed\n");
    rd_kafka_destroy(rk);
    return 1;
  }

  struct sigaction sa;
  memset(&sa, 0, sizeof(sa));
  sa.sa_handler = on_signal;
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);
  signal(SIGPIPE, SIG_IGN);

  printf("%s\n", rd_kafka_mock_cluster_bootstraps(cluster));
  fflush(stdout);

  /* No SA_RESTART: a signal interrupts the read, so SIGTERM still stops a waiting mock. */
  char line[256];
  while (!stop) {
    if (!fgets(line, sizeof(line), stdin)) {
      if (errno == EINTR && !stop) {
        clearerr(stdin);
        errno = 0;
        continue;
      }
      break;
    }
    line[strcspn(line, "\r\n")] = '\0';
    char verb[16];
    int id;
    if (sscanf(line, "%15s %d", verb, &id) != 2 || (strcmp(verb, "down") && strcmp(verb, "up"))) {
      printf("error unknown command: %s (expected: down <id> | up <id>)\n", line);
    } else {
      rd_kafka_resp_err_t e = strcmp(verb, "down") == 0
                                  ? rd_kafka_mock_broker_set_down(cluster, id)
                                  : rd_kafka_mock_broker_set_up(cluster, id);
      if (e) printf("error %s: %s\n", line, rd_kafka_err2str(e));
      else printf("ok %s\n", line);
    }
    fflush(stdout);
  }
  while (!stop) pause();

  rd_kafka_mock_cluster_destroy(cluster);
  rd_kafka_destroy(rk);
  return 0;
}
